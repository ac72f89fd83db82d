"""Time expressions in a question, as a half-open UTC range ``[start, end)``.

A question names a time the way people write it: an ISO date or month ("2025-04",
"2025-04-07"), a month with or without a day and year ("Apr 2025", "April 7, 2025",
"7 April 2025", "June of 2025", "in March"), a year ("in 2025"), a calendar unit relative to
now ("today", "last month", "this year", "last December", "two years ago", "the start of last
year") or a rolling window ("in the last 30 days", "past 12 months"). A word before it says
which side is open: "since" (and "from ... on") keeps the point, "after" starts past it,
"before" ends at it, "until" ends past it, "between ... and ..." spans both; otherwise the
range is the point itself ("faults from December 2025"). A month without a year is the most
recent such month that has begun ("last March": the most recent before this one); an open
side stays ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

__all__ = ["TimeRange", "is_time_value", "parse_time_range"]

_MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12,
}  # fmt: skip
_UNITS = ("minute", "min", "hour", "hr", "day", "week", "month", "year")
_MON = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")"
_COUNT = r"(?:\d+|" + "|".join(_NUMBERS) + r")"
_UNIT = r"(?:" + "|".join(_UNITS) + r")s?"
_DATE = r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?)?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|2\d)\d{2}"
# One point in time, most specific form first; a bare month or year is a point only after
# a word that asks for a time ("in May", "since 2025"), not as a modal verb or a number.
_POINT = (
    rf"(?P<iso>{_DATE})"
    rf"|(?P<ym>{_YEAR})-(?P<ym_m>\d{{2}})(?![\d-])"
    rf"|(?P<mdy_m>{_MON})\.?\s+(?P<mdy_d>{_DAY}),?\s+(?P<mdy_y>{_YEAR})\b"
    rf"|(?P<dmy_d>{_DAY})\s+(?:of\s+)?(?P<dmy_m>{_MON})\.?,?\s+(?P<dmy_y>{_YEAR})\b"
    rf"|(?P<my_m>{_MON})\.?,?\s+(?:of\s+)?(?P<my_y>{_YEAR})\b"
    r"|(?P<today>today|tonight)|(?P<yesterday>yesterday|last night)"
    r"|(?P<edge>the\s+(?:start|beginning|end)\s+of\s+(?:this|last|the\s+last)\s+(?:week|month|year))"
    r"|(?P<cal>(?:this|last|previous)\s+(?:week|month|year))\b"
    rf"|(?P<ago>{_COUNT}\s+(?:day|week|month|year)s?\s+ago)\b"
    rf"|(?P<last_m>(?:last|previous|past)\s+{_MON})\b"
    rf"|(?P<ctx>\b(?:in|during|of|since|after|before|until|till|from|between|and|to|through)\s+)"
    rf"(?:(?P<m>{_MON})\b(?!\.?,?\s+(?:of\s+)?\d)|(?P<y>{_YEAR})\b(?![-:]))"
)
_POINT_RE = re.compile(_POINT)
_ROLLING = re.compile(
    rf"\b(?:(?:in|within|over|during|for)\s+)?(?:the\s+)?(?:last|past|previous)\s+"
    rf"(?:(?P<n>{_COUNT})\s+(?P<unit>{_UNIT})|(?P<unit1>{_UNIT}))\b"
)
_BETWEEN = re.compile(r"\b(?:between|from)\s+$")
_JOIN = re.compile(r"\s*(?:and|to|until|till|through|-)\s*")
_OPERATOR = re.compile(
    r"\b(since|from|as of|after|before|prior to|earlier than|until|till|up to|through)\s+$"
)
# A graph value that is itself a point in time: a year, an ISO date, "March 1999", "3 May 1999".
_TIME_VALUE = re.compile(
    r"(?:[12]\d{3}|\d{4}-\d{2}|" + _DATE + r"|(?:\d{1,2}\s+)?" + _MON + r"\.?,?\s+\d{4})",
    re.IGNORECASE,
)

Span = tuple[datetime, datetime]


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: datetime | None
    end: datetime | None
    text: str

    def to_hint(self) -> dict[str, str]:
        hint = {"text": self.text}
        if self.start is not None:
            hint["start"] = self.start.isoformat().replace("+00:00", "Z")
        if self.end is not None:
            hint["end"] = self.end.isoformat().replace("+00:00", "Z")
        return hint

    def contains(self, at: datetime) -> bool:
        return (self.start is None or at >= self.start) and (self.end is None or at < self.end)


def parse_time_range(text: str, now: datetime | None = None) -> TimeRange | None:
    """The first time expression in ``text`` as a range; ``None`` when there is none."""
    now = now or datetime.now(UTC)
    low = " ".join(text.casefold().split())
    rolling = _ROLLING.search(low)
    if rolling and _rolling_unit(rolling):
        return _rolling(rolling, now)
    found = _POINT_RE.search(low)
    if found is None:
        return None
    start, end = _span(found, now)
    # a bare month or year brings the word before it ("in May"): the operator is that word
    before = low[: found.start()] + (found.group("ctx") or "")
    between = _BETWEEN.search(before)
    if between:
        second = _second(low, found.end())
        if second is not None:
            later = _span(second, now)
            if found.group("m") and second.group("my_y"):
                # "between March and December 2025": the first month takes the second's year
                start, end = _month(_MONTHS[found.group("m")], later[0].year, now)
                if start > later[0]:
                    start, end = _month(start.month, later[0].year - 1, now)
            return TimeRange(start, later[1], low[between.start() : second.end()])
    operator = _OPERATOR.search(before)
    said = low[operator.start() if operator else found.start() : found.end()].strip()
    if operator is None:
        return TimeRange(start, end, said)
    word = operator.group(1)
    onward = re.match(r"\s+(?:on|onwards?)\b", low[found.end() :]) is not None
    if word in ("since", "as of") or (word == "from" and onward):
        return TimeRange(start, None, said)
    if word == "from":  # "faults from December 2025": dated then
        return TimeRange(start, end, said)
    if word == "after":
        return TimeRange(end, None, said)
    if word in ("until", "till", "up to", "through"):
        return TimeRange(None, end, said)
    return TimeRange(None, start, said)


def _second(low: str, after: int) -> re.Match[str] | None:
    """The point closing a "between ... and ..." span, right after the first one."""
    gap = len(low[after:]) - len(low[after:].lstrip())
    found = _POINT_RE.match(low, after + gap)  # "and 2025": the bare year brings its "and"
    if found is None and (joined := _JOIN.match(low, after)):
        found = _POINT_RE.match(low, joined.end())
    return found


def _rolling_unit(found: re.Match[str]) -> bool:
    """A rolling window has a count ("last 30 days"), "the" ("in the last month") or
    "past"; a bare "last month" is the calendar month before this one."""
    return bool(found.group("n")) or bool(re.search(r"\b(?:the|past)\b", found.group(0)))


def _rolling(found: re.Match[str], now: datetime) -> TimeRange:
    count = found.group("n") or "1"
    amount = int(count) if count.isdigit() else _NUMBERS[count]
    unit = (found.group("unit") or found.group("unit1")).rstrip("s")
    return TimeRange(_back(now, amount, unit), now, found.group(0).strip())


def _back(now: datetime, amount: int, unit: str) -> datetime:
    """``now`` moved back by ``amount`` units; months and years by the calendar."""
    if unit in ("month", "year"):
        year, month = _months_back(now, amount * (12 if unit == "year" else 1))
        last_day = (_month(month, year, now)[1] - timedelta(days=1)).day
        return now.replace(year=year, month=month, day=min(now.day, last_day))
    seconds = {"minute": 60, "min": 60, "hour": 3600, "hr": 3600, "day": 86400, "week": 604800}
    return now - timedelta(seconds=amount * seconds[unit])


def _months_back(now: datetime, months: int) -> tuple[int, int]:
    """The (year, month) ``months`` calendar months before ``now``'s."""
    year, month = divmod(now.year * 12 + now.month - 1 - months, 12)
    return year, month + 1


def _year(year: int) -> Span:
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def _span(found: re.Match[str], now: datetime) -> Span:
    """The calendar span the point names: a day, a month, a year, a week."""
    g = found.group
    if g("iso"):
        at = _date(g("iso"))
        return at, at + (timedelta(days=1) if len(g("iso")) == 10 else timedelta(seconds=1))
    if g("ym"):
        return _month(int(g("ym_m")), int(g("ym")), now)
    for prefix in ("mdy", "dmy"):
        if g(f"{prefix}_m"):
            day = int(re.sub(r"\D", "", g(f"{prefix}_d")))
            at = datetime(int(g(f"{prefix}_y")), _MONTHS[g(f"{prefix}_m")], day, tzinfo=UTC)
            return at, at + timedelta(days=1)
    if g("my_m"):
        return _month(_MONTHS[g("my_m")], int(g("my_y")), now)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if g("today"):
        return midnight, midnight + timedelta(days=1)
    if g("yesterday"):
        return midnight - timedelta(days=1), midnight
    if g("edge"):
        words = g("edge").split()
        start, end = _calendar(words[-1], 0 if words[-2] == "this" else 1, now)
        at = end if words[1] == "end" else start
        return at, at
    if g("cal"):
        which, unit = g("cal").split()
        return _calendar(unit, 0 if which == "this" else 1, now)
    if g("ago"):
        count, unit, _ = g("ago").split()
        amount = int(count) if count.isdigit() else _NUMBERS[count]
        return _calendar(unit.rstrip("s"), amount, now)
    if g("last_m"):
        month = _MONTHS[g("last_m").split()[-1]]
        return _month(month, now.year if month < now.month else now.year - 1, now)
    if g("m"):
        return _month(_MONTHS[g("m")], None, now)
    return _year(int(g("y")))


def _calendar(unit: str, back: int, now: datetime) -> Span:
    """The calendar day, week, month or year ``back`` units before the current one."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "day":
        start = midnight - timedelta(days=back)
        return start, start + timedelta(days=1)
    if unit == "week":
        start = midnight - timedelta(days=midnight.weekday(), weeks=back)
        return start, start + timedelta(weeks=1)
    if unit == "month":
        year, month = _months_back(now, back)
        return _month(month, year, now)
    return _year(now.year - back)


def _date(text: str) -> datetime:
    parsed = datetime.fromisoformat(text.upper().replace("Z", "+00:00").replace(" ", "T"))
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def _month(month: int, year: int | None, now: datetime) -> Span:
    if year is None:
        year = now.year if month <= now.month else now.year - 1
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def is_time_value(name: str) -> bool:
    """Is a graph value a point in time? "When" asks for such values whatever the relation
    reaching them is called, so they tell a question with no relation word where to go."""
    return _TIME_VALUE.fullmatch(name.strip().replace("_", " ")) is not None
