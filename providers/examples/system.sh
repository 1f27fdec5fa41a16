#!/bin/sh
# Prints this machine's load, uptime and memory as one JSON object: weft's `command` provider reads it.
read -r load1 load5 load15 _ < /proc/loadavg
read -r up _ < /proc/uptime
awk -v l1="$load1" -v l5="$load5" -v up="$up" '
  /^MemTotal:/ { total = $2 }
  /^MemAvailable:/ { avail = $2 }
  END {
    used = (total > 0) ? 100 * (total - avail) / total : 0
    printf("{\"load1\": %s, \"load5\": %s, \"uptime_hours\": %.1f, \"mem_used_pct\": %.0f}\n", l1, l5, up / 3600, used)
  }' /proc/meminfo
