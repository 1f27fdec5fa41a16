#!/usr/bin/env python3
"""Builds Gadgetbridge.db: the table layout of Gadgetbridge's exported database (greenDAO's CREATE TABLE
statements as GBDaoGenerator defines them; names and column orders from Gadgetbridge's source), invented rows.

Usage: python3 make_gadgetbridge_db.py  (writes Gadgetbridge.db and NoSampleTables.db beside this script)
"""
import os
import sqlite3

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "Gadgetbridge.db")
if os.path.exists(path):
    os.remove(path)
db = sqlite3.connect(path)
db.executescript("""
CREATE TABLE android_metadata (locale TEXT);
INSERT INTO android_metadata VALUES ('en_US');
CREATE TABLE "USER" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT ,"NAME" TEXT NOT NULL ,"BIRTHDAY" INTEGER NOT NULL ,"GENDER" INTEGER NOT NULL);
CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT ,"NAME" TEXT NOT NULL ,"MANUFACTURER" TEXT NOT NULL ,"IDENTIFIER" TEXT NOT NULL UNIQUE ,"TYPE" INTEGER NOT NULL ,"MODEL" TEXT,"ALIAS" TEXT,"PARENT_FOLDER" TEXT);
CREATE TABLE "MI_BAND_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,"RAW_INTENSITY" INTEGER NOT NULL ,"STEPS" INTEGER NOT NULL ,"RAW_KIND" INTEGER NOT NULL ,"HEART_RATE" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID") ON CONFLICT REPLACE) WITHOUT ROWID;
CREATE TABLE "PEBBLE_HEALTH_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,"RAW_INTENSITY" INTEGER NOT NULL ,"STEPS" INTEGER NOT NULL ,"RAW_KIND" INTEGER NOT NULL ,"HEART_RATE" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID") ON CONFLICT REPLACE) WITHOUT ROWID;
CREATE TABLE "XIAOMI_DAILY_SUMMARY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,"TIMEZONE" INTEGER,"STEPS" INTEGER,"HR_RESTING" INTEGER,"HR_MAX" INTEGER,"CALORIES" INTEGER ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID") ON CONFLICT REPLACE) WITHOUT ROWID;
CREATE TABLE "BATTERY_LEVEL" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"LEVEL" INTEGER NOT NULL ,"BATTERY_INDEX" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ,"BATTERY_INDEX") ON CONFLICT REPLACE) WITHOUT ROWID;
INSERT INTO USER VALUES (1, 'gadgetbridge-user', 631152000000, 2);
INSERT INTO DEVICE VALUES (1, 'Mi Band 3', 'Xiaomi', 'E8:1B:3D:00:00:01', 11, '3', NULL, NULL);
INSERT INTO DEVICE VALUES (2, 'Pebble Time', 'Pebble', 'B0:B4:48:00:00:02', 1, 'snowy', NULL, NULL);
""")
# 2024-01-01 08:00 UTC onwards, one row a minute (RAW_KIND 1 = activity, HEART_RATE 255 = none measured).
start = 1704096000
mi = [(start + 60 * i, 1, 1, 40, steps, 1, 255) for i, steps in enumerate([80, 95, 0, -1, 102])]
pebble = [(start + 60 * i, 2, 1, 30, steps, 1, 72) for i, steps in enumerate([70, 90])]
db.executemany("INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?,?,?,?,?,?,?)", mi)
db.executemany("INSERT INTO PEBBLE_HEALTH_ACTIVITY_SAMPLE VALUES (?,?,?,?,?,?,?)", pebble)
# A day summary: its STEPS are a day's total, not a minute's.
db.execute("INSERT INTO XIAOMI_DAILY_SUMMARY_SAMPLE VALUES (?,?,?,?,?,?,?,?)", (start, 1, 1, 0, 9000, 60, 150, 2000))
db.execute("INSERT INTO BATTERY_LEVEL VALUES (?,?,?,?)", (start, 1, 80, 0))
db.commit()
db.execute("VACUUM")
db.close()

# A Gadgetbridge database of a device that records no activity samples (only its battery level).
other = os.path.join(here, "NoSampleTables.db")
if os.path.exists(other):
    os.remove(other)
db = sqlite3.connect(other)
db.executescript("""
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT ,"NAME" TEXT NOT NULL ,"MANUFACTURER" TEXT NOT NULL ,"IDENTIFIER" TEXT NOT NULL UNIQUE ,"TYPE" INTEGER NOT NULL ,"MODEL" TEXT,"ALIAS" TEXT,"PARENT_FOLDER" TEXT);
CREATE TABLE "BATTERY_LEVEL" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"LEVEL" INTEGER NOT NULL ,"BATTERY_INDEX" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ,"BATTERY_INDEX") ON CONFLICT REPLACE) WITHOUT ROWID;
""")
db.commit()
db.execute("VACUUM")
db.close()
