#!/usr/bin/python3
"""An independent oracle for the instants people type in words ("yesterday 01:30", "sunday
02:30", "2 days ago"), on Python's zoneinfo (system tzdata), around every DST change of a year.

Prints JSON: [{"zone": Z, "now": ISO, "typed": PHRASE, "instant": ISO or null}, ...]
Rules, as nudge's help states them for something that happened (the past direction):
- DAY HH:MM (today, yesterday): that date's HH:MM; on a repeated hour the latest one that has
  passed, else the first; in a gap the first instant after it.
- WEEKDAY HH:MM: the nearest date with that weekday, today included, whose HH:MM has passed.
- N days ago: N dates back at now's wall-clock time (a gap: its end; repeated: the first).
- last WEEKDAY HH:MM: the latest date before today with that weekday, its HH:MM as for a DAY.
- N h ago, an hour ago, 1h30m ago: elapsed time. A word `at` between a day and a time is left out.
And for something that will happen (the future direction, `call remind --at`):
- tomorrow HH:MM: tomorrow's first reading of HH:MM (in a gap, the first instant after it).
- WEEKDAY HH:MM: the nearest date with that weekday, today included, whose HH:MM is still to
  come (its first reading after now).
- next WEEKDAY HH:MM: the first date after today with that weekday, its first reading.
- in N days: N dates ahead at now's wall-clock time; in N h, in an hour, in 1h30m: elapsed time.
With a zone's name after it, as nudge prints a time (`today 01:30 EST`, `01:30 +10:30`):
- DAY HH:MM NAME: that date's reading of HH:MM the zone calls NAME (a numeric NAME, +HH:MM or
  +HHMM, and UTC or GMT, is the instant at that offset, a reading of the clock or not).
- HH:MM NAME: today's such reading if it has passed, else yesterday's; else today's.
A time of day is HH:MM, or as people also write it: a bare hour (2 is 02:00), the hour with h
(2h, 2h30) or four digits (0230).
Usage: spoken_oracle.py YEAR ZONE...
"""
import json
import sys
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from wallclock_oracle import resolve  # noqa: E402

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def readings(zone, day, wall):
    """Every instant whose wall-clock reading is `wall` on `day`, earliest first; a gap's end."""
    naive = datetime.combine(day, wall)
    found = []
    for fold in (0, 1):
        instant = naive.replace(tzinfo=zone, fold=fold).astimezone(timezone.utc)
        if instant.astimezone(zone).replace(tzinfo=None) == naive and instant not in found:
            found.append(instant)
    if found:
        return sorted(found)
    end = resolve(zone, day, wall)
    return [end] if end else []


def wall_clock(word):
    """`02:30`, `2` (02:00), `2h`, `2h30` or `0230`."""
    if word.isdigit() and len(word) == 4:
        return time(int(word[:2]), int(word[2:]))
    if "h" in word:
        hours, _, minutes = word.partition("h")
        return time(int(hours), int(minutes or 0))
    if word.isdigit():
        return time(int(word))
    return time.fromisoformat(word)


def latest_passed(instants, now):
    passed = [i for i in instants if i <= now + timedelta(seconds=1)]
    return passed[-1] if passed else None


def elapsed(words):
    """`an hour`, `1h30m`, `3 h` as elapsed time; None for days."""
    if words[0] in ("a", "an"):
        return timedelta(hours=1) if words[1] == "hour" else None
    if len(words) == 1:
        hours, minutes = words[0].rstrip("m").split("h")
        return timedelta(hours=int(hours), minutes=int(minutes))
    return timedelta(hours=int(words[0])) if words[1] in ("h", "hours") else None


def expected_future(zone, now, typed):
    local = now.astimezone(zone)
    words = [word for word in typed.split() if word != "at"]
    if words[0] == "in":
        if elapsed(words[1:]) is not None:
            return now + elapsed(words[1:])
        amount = int(words[1])
        wall = time(local.hour, local.minute)
        instant = resolve(zone, local.date() + timedelta(days=amount), wall)
        return instant + timedelta(seconds=local.second) if instant else None
    wall = wall_clock(words[-1])
    if words[0] == "tomorrow":
        instants = readings(zone, local.date() + timedelta(days=1), wall)
        return instants[0] if instants else None
    if words[0] == "next":
        weekday = WEEKDAYS.index(words[1])
        ahead = (weekday - local.date().weekday() - 1) % 7 + 1
        instants = readings(zone, local.date() + timedelta(days=ahead), wall)
        return instants[0] if instants else None
    weekday = WEEKDAYS.index(words[0])
    for forward in range(0, 15):
        day = local.date() + timedelta(days=forward)
        if day.weekday() == weekday:
            coming = [i for i in readings(zone, day, wall) if i > now]
            if coming:
                return coming[0]
    return None


def expected(zone, now, typed):
    local = now.astimezone(zone)
    words = [word for word in typed.split() if word != "at"]
    if words[-1] == "ago":
        if elapsed(words[:-1]) is not None:
            return now - elapsed(words[:-1])
        amount = int(words[0])
        wall = time(local.hour, local.minute)
        instant = resolve(zone, local.date() - timedelta(days=amount), wall)
        return instant + timedelta(seconds=local.second) if instant else None
    wall = wall_clock(words[-1])
    if words[0] == "last":
        weekday = WEEKDAYS.index(words[1])
        back = (local.date().weekday() - weekday - 1) % 7 + 1
        instants = readings(zone, local.date() - timedelta(days=back), wall)
        return latest_passed(instants, now) or (instants[0] if instants else None)
    if words[0] in ("today", "yesterday"):
        day = local.date() - timedelta(days=1 if words[0] == "yesterday" else 0)
        instants = readings(zone, day, wall)
        return latest_passed(instants, now) or (instants[0] if instants else None)
    weekday = WEEKDAYS.index(words[0])
    for back in range(0, 15):
        day = local.date() - timedelta(days=back)
        if day.weekday() == weekday:
            found = latest_passed(readings(zone, day, wall), now)
            if found:
                return found
    return None


def offset_of(name):
    """Seconds east of UTC of a numeric zone name (`+1030`, `+10:30`, `-03`), 0 for UTC and GMT
    (which name UTC's own time, not the zone's); None for other letters."""
    if name in ("UTC", "GMT", "Z"):
        return 0
    if name[0] not in "+-":
        return None
    digits = name[1:].replace(":", "")
    seconds = int(digits[:2]) * 3600 + int(digits[2:] or 0) * 60
    return -seconds if name[0] == "-" else seconds


def named_reading(zone, day, wall, name):
    """`wall` on `day` in the zone named: its reading so called, or the instant at an offset."""
    offset = offset_of(name)
    if offset is not None:
        return datetime.combine(day, wall, tzinfo=timezone.utc) - timedelta(seconds=offset)
    # A reading the clock never showed (a spring-forward's gap, read as its end) is none: nudge
    # refuses `01:30 BST` on the night London skips it (hostile round of issue 40).
    called = [i for i in readings(zone, day, wall)
              if i.astimezone(zone).tzname() == name and i.astimezone(zone).time() == wall]
    return called[0] if called else None


def expected_named(zone, now, typed):
    words = typed.split()
    name, wall, local = words[-1], wall_clock(words[-2]), now.astimezone(zone)
    if len(words) == 3:
        return named_reading(zone, local.date() - timedelta(days=1 if words[0] == "yesterday" else 0), wall, name)
    found = [named_reading(zone, local.date() - timedelta(days=back), wall, name) for back in (0, 1)]
    found = [i for i in found if i]
    return latest_passed(found[:1], now) or latest_passed(found[1:], now) or (found[0] if found else None)


def named_phrases(zone, now):
    """`today 01:30 NAME`, `yesterday 01:30 NAME` and `01:30 NAME` for each name the zone gives
    01:30 today or yesterday, a numeric one with its colon too (`+10:30`)."""
    local = now.astimezone(zone)
    names = sorted({i.astimezone(zone).tzname() for back in (0, 1)
                    for i in readings(zone, local.date() - timedelta(days=back), time(1, 30))})
    spelled = names + [n[:3] + ":" + n[3:] for n in names if offset_of(n) is not None and len(n) == 5]
    return [f"{day}01:30 {name}" for name in spelled for day in ("today ", "yesterday ", "")]


def transitions(zone, year):
    """The instants in `year` where the zone's offset changes."""
    start = int(datetime(year, 1, 1, tzinfo=timezone.utc).timestamp())
    end = int(datetime(year + 1, 1, 1, tzinfo=timezone.utc).timestamp())
    def offset(t):
        return datetime.fromtimestamp(t, zone).utcoffset()
    found, step, t = [], 3600, start
    while t < end:
        if offset(t) != offset(t + step):
            low, high = t, t + step
            while high - low > 1:
                middle = (low + high) // 2
                if offset(middle) == offset(t):
                    low = middle
                else:
                    high = middle
            found.append(datetime.fromtimestamp(high, timezone.utc))
        t += step
    return found


PHRASES = ["yesterday 01:30", "yesterday 02:30", "today 01:30", "today 00:15", "sunday 02:30", "saturday 23:30",
           "1 days ago", "2 days ago", "3 h ago", "yesterday at 01:30", "last sunday 02:30", "last saturday 01:30",
           "an hour ago", "1h30m ago", "yesterday 1", "today 0130", "sunday 2h30", "yesterday 2h"]
FUTURE_PHRASES = ["tomorrow 01:30", "tomorrow 02:30", "tomorrow 00:15", "sunday 02:30", "saturday 23:30",
                  "next sunday 02:30", "next saturday 01:30", "in 1 days", "in 2 days", "in 3 h",
                  "tomorrow at 02:30", "in an hour", "in 1h30m", "tomorrow 2", "sunday 0230", "tomorrow 1h30"]


def main():
    year = int(sys.argv[1])
    cases = []
    for name in sys.argv[2:]:
        zone = ZoneInfo(name)
        for change in transitions(zone, year):
            for hours in (-3, 1, 3, 23, 26, 50):
                now = change + timedelta(hours=hours, minutes=17, seconds=5)
                for direction, phrases, reading in (("past", PHRASES, expected),
                                                     ("future", FUTURE_PHRASES, expected_future)):
                    for typed in phrases:
                        instant = reading(zone, now, typed)
                        cases.append({
                            "zone": name, "now": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "typed": typed,
                            "direction": direction,
                            "instant": instant.strftime("%Y-%m-%dT%H:%M:%SZ") if instant else None,
                        })
                for typed in named_phrases(zone, now):
                    instant = expected_named(zone, now, typed)
                    cases.append({
                        "zone": name, "now": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "typed": typed,
                        "direction": "past", "named": True,
                        "instant": instant.strftime("%Y-%m-%dT%H:%M:%SZ") if instant else None,
                    })
    print(json.dumps(cases))


if __name__ == "__main__":
    main()
