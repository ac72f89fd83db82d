"""Time expressions in a question, as a half-open UTC range ``[start, end)``.

Relative expressions ("last 24 hours", "yesterday", "this week") are resolved
against ``now``; a month without a year ("in March") means the most recent
March that has begun; an open side stays ``None`` ("since 2026-11-01").
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
_UNITS = {
    "minute": timedelta(minutes=1),
    "min": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "hr": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
    "month": timedelta(days=30),
    "year": timedelta(days=365),
}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7}
_DATE = r"(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?)"
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?(?:\s+(\d{4}))?"

_RELATIVE = re.compile(
    r"\b(?:last|past|previous|within the last|in the last)\s+"
    r"(?:(\d+|a|an|one|two|three|four|five|seven)\s+)?"
    r"(minute|min|hour|hr|day|week|month|year)s?\b"
)
_BETWEEN = re.compile(rf"\b(?:between|from)\s+{_DATE}\s+(?:and|to|until|till)\s+{_DATE}")
_SINCE = re.compile(rf"\b(?:since|after|from)\s+{_DATE}")
_BEFORE = re.compile(rf"\b(?:before|until|till|prior to)\s+{_DATE}")
_ON = re.compile(rf"\b(?:on|at|during)?\s*{_DATE}")
_IN_MONTH = re.compile(rf"\b(?:in|during|of|since)\s+{_MONTH}", re.IGNORECASE)
_IN_YEAR = re.compile(r"\b(?:in|during)\s+(\d{4})\b(?!-)")
_IN_YEAR_MONTH = re.compile(r"\b(?:in|during)\s+(\d{4})-(\d{2})\b(?!-)")
# A graph value that is itself a point in time: a year, an ISO date, "March 1999", "3 May 1999".
_TIME_VALUE = re.compile(
    r"(?:[12]\d{3}|\d{4}-\d{2}|"
    + _DATE
    + r"|(?:\d{1,2}\s+)?(?:"
    + "|".join(sorted(_MONTHS, key=len, reverse=True))
    + r")\.?,?\s+\d{4})",
    re.IGNORECASE,
)
_NAMED = re.compile(r"\b(today|yesterday|this week|this month|this year|last night)\b")


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


def _date(text: str) -> datetime:
    parsed = datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "T"))
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def _day_after(at: datetime, text: str) -> datetime:
    """The end of a bare date is the next midnight; of a timestamp, one second later."""
    return at + (timedelta(days=1) if len(text) == 10 else timedelta(seconds=1))


def _month_range(month: int, year: int | None, now: datetime) -> tuple[datetime, datetime]:
    if year is None:
        year = now.year if month <= now.month else now.year - 1
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def _named(word: str, now: datetime) -> tuple[datetime, datetime]:
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if word == "today":
        return midnight, midnight + timedelta(days=1)
    if word in ("yesterday", "last night"):
        return midnight - timedelta(days=1), midnight
    if word == "this week":
        start = midnight - timedelta(days=midnight.weekday())
        return start, start + timedelta(weeks=1)
    if word == "this month":
        return _month_range(now.month, now.year, now)
    return datetime(now.year, 1, 1, tzinfo=UTC), datetime(now.year + 1, 1, 1, tzinfo=UTC)


def parse_time_range(text: str, now: datetime | None = None) -> TimeRange | None:
    """The first time expression in ``text`` as a range; ``None`` when there is none."""
    now = now or datetime.now(UTC)
    low = text.casefold()
    if m := _BETWEEN.search(low):
        start, end = _date(m.group(1)), _date(m.group(2))
        return TimeRange(start, _day_after(end, m.group(2)), m.group(0).strip())
    if m := _RELATIVE.search(low):
        count = m.group(1) or "1"
        amount = int(count) if count.isdigit() else _NUMBERS[count]
        return TimeRange(now - amount * _UNITS[m.group(2)], now, m.group(0).strip())
    if m := _SINCE.search(low):
        return TimeRange(_date(m.group(1)), None, m.group(0).strip())
    if m := _BEFORE.search(low):
        return TimeRange(None, _date(m.group(1)), m.group(0).strip())
    if m := _NAMED.search(low):
        start, end = _named(m.group(1), now)
        return TimeRange(start, end, m.group(0).strip())
    if m := _IN_MONTH.search(text):
        month = _MONTHS[m.group(1).casefold()]
        start, end = _month_range(month, int(m.group(2)) if m.group(2) else None, now)
        if m.group(0).casefold().startswith("since"):
            return TimeRange(start, None, m.group(0).strip())
        return TimeRange(start, end, m.group(0).strip())
    if m := _IN_YEAR_MONTH.search(low):
        start, end = _month_range(int(m.group(2)), int(m.group(1)), now)
        return TimeRange(start, end, m.group(0).strip())
    if m := _ON.search(low):
        at = _date(m.group(1))
        return TimeRange(at, _day_after(at, m.group(1)), m.group(0).strip())
    if m := _IN_YEAR.search(low):
        year = int(m.group(1))
        return TimeRange(
            datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC), m.group(0)
        )
    return None


def is_time_value(name: str) -> bool:
    """Is a graph value a point in time? "When" asks for such values whatever the relation
    reaching them is called, so they tell a question with no relation word where to go."""
    return _TIME_VALUE.fullmatch(name.strip().replace("_", " ")) is not None
