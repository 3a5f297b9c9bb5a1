#!/usr/bin/python3
"""An independent oracle for nudge's wall-clock rules, on Python's zoneinfo (system tzdata).

For a daily local time in a zone, from one date to another, prints JSON:
  {"instants": ["2011-01-01T05:30:00Z", ...], "skipped": ["2011-12-30", ...]}
Rules: a time in a spring-forward gap fires at the first instant after the gap; a time that
happens twice fires at its first occurrence (fold=0); a date the zone skipped has none.
Usage: wallclock_oracle.py ZONE HH:MM FIRST-DATE LAST-DATE
"""
import json
import sys
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo


def resolve(zone, day, wall):
    naive = datetime.combine(day, wall)
    first = naive.replace(tzinfo=zone, fold=0).astimezone(timezone.utc)
    if first.astimezone(zone).replace(tzinfo=None) == naive:
        return first
    # A gap: fold=0 reads it with the offset before (an instant after the jump), fold=1 with
    # the offset after (an instant before it); the transition lies between.
    other = naive.replace(tzinfo=zone, fold=1).astimezone(timezone.utc)
    low, high = int(min(first, other).timestamp()), int(max(first, other).timestamp())
    while low < high:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, zone).replace(tzinfo=None) >= naive:
            high = middle
        else:
            low = middle + 1
    transition = datetime.fromtimestamp(low, timezone.utc)
    if transition.astimezone(zone).date() == day:
        return transition
    # The gap crossed midnight: the date existed if the second before the jump was on it.
    return transition if datetime.fromtimestamp(low - 1, zone).date() == day else None


def main():
    zone = ZoneInfo(sys.argv[1])
    wall = time.fromisoformat(sys.argv[2])
    day, last = date.fromisoformat(sys.argv[3]), date.fromisoformat(sys.argv[4])
    instants, skipped = [], []
    while day <= last:
        instant = resolve(zone, day, wall)
        if instant is None:
            skipped.append(day.isoformat())
        else:
            instants.append(instant.strftime("%Y-%m-%dT%H:%M:%SZ"))
        day += timedelta(days=1)
    print(json.dumps({"instants": instants, "skipped": skipped}))


if __name__ == "__main__":
    main()
