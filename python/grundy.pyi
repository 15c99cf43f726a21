"""Type stubs for the grundy module (a C extension over libgrundy)."""
import os
from typing import Any, Iterator, Literal, NamedTuple, Sequence, SupportsIndex, TypedDict, Union, overload

__version__: str

# A position: a sequence of ints of any size (list, tuple, range, array, a
# numpy array: anything with __index__ items), one int (one heap), or the
# text form "3 5 9" / "3,5,9". Refused with TypeError although the types
# allow some of them: bytes, bytearray, memoryview, sets, mappings and bools
# (as the position or as a pile). A NUL in the text is a ValueError.
Position = Union[Sequence[SupportsIndex], SupportsIndex, str]
GameLike = Union["Game", str]
Size = Union[int, float, str]          # max_memory: bytes, or "512M", "4G"

Outcome = Literal["normal", "misere", "players", "block", "block-position"]  # the last three beside their keyword
HeapMethod = Literal["auto", "period", "file", "sparse", "fast", "simple", "search"]  # value(method=), `value --method`

class LimitError(ValueError):
    """Refused up front by its estimate, or stopped, at a limit (max_memory=, max_seconds=,
    or a method's own bound)."""

class Game:
    """A ruleset with its options, parsed as it is made (Game.__new__ needs the rules too);
    keeps its searches' tables; copy and pickle make it again from its rules."""
    def __new__(cls, rules: str) -> Game: ...
    def __init__(self, rules: str) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def piles(self) -> int | None: ...
    @property
    def flags(self) -> tuple[str, ...]: ...

class QuotientElement(TypedDict):
    """A misere heap sum's element of the game's misere quotient (the API's "quotient")."""
    element: str                       # a word in the generators: "a^2 b", "1"
    index: int
    P: bool                            # in the P-portion: the sum is a misere P-position
    order: int
    p_count: int
    heaps: int                         # the quotient covers heaps 0..heaps,
    period: int                        # or any heap when period > 0 (phi periodic from preperiod)
    preperiod: int

class Value(NamedTuple):
    outcome: str
    value: int | None
    method: str
    note: str | None
    # an attribute, not a tuple member (a Value unpacks to four)
    @property
    def quotient(self) -> QuotientElement | None: ...

class Move(NamedTuple):
    kind: Literal["take", "transfer", "split"]
    source: int
    target: int | None
    amount: int
    result: tuple[int, ...]
    outcome: str
    value: int | None
    winning: bool

class Blocking(TypedDict):
    """The blocker's strategy, as `grundy moves --block k --format json` gives it."""
    rule: Literal["block", "block-position"]
    k: int
    p_options: int                     # moves (block) or distinct positions (block-position) leading to P
    forbid: list[str]                  # at a P-position: the bans that win for the blocker
    mover_wins: bool
    all_forbidden: bool                # every move (option) is forbidden: the mover has lost
    replies: list[dict[str, str]]      # k = 1 at an N-position: {"forbidden", "play", "result"} per ban

class Moves(list[Move]):
    """moves()'s answer: the moves, with what the command line says beside them."""
    @property
    def listed(self) -> Literal["all", "winning"]: ...
    @property
    def total_moves(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def blocking(self) -> Blocking | None: ...
    @property
    def quotient(self) -> QuotientElement | None: ...

class Values(Sequence[Any]):
    """A read-only uint32 buffer (format 'I'), 1-D (seq) or 2-D (table)."""
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def start(self) -> int: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def method(self) -> str: ...
    def tolist(self) -> list[Any]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: SupportsIndex) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __buffer__(self, flags: int) -> memoryview: ...

class MoveKind(TypedDict):
    kind: str
    notation: str
    written: str
    summary: str

class OutcomeRuleInfo(TypedDict):
    name: str
    summary: str
    flag: str | None
    number: dict[str, int] | None

class GameInfo(TypedDict):
    name: str
    summary: str
    options: str
    flags: list[str]
    unit: str
    moves: list[MoveKind]
    outcome_rules: list[OutcomeRuleInfo]

class Verdict(TypedDict):
    id: str
    statement: str
    reading: str | None
    status: Literal["holds", "fails", "unchecked"]
    range: str
    counterexample: tuple[int, ...] | None
    detail: str

def games() -> list[GameInfo]: ...
def value(game: GameLike, position: Position, outcome: Outcome = "normal", *,
          players: int | None = None, block: int | None = None, block_position: int | None = None,
          max_memory: Size | None = None, max_seconds: float | None = None, method: HeapMethod | None = None,
          seq_file: str | None = None, quotient: str | None = None) -> Value: ...
def moves(game: GameLike, position: Position, outcome: Outcome = "normal", *,
          winning: bool = False, players: int | None = None, block: int | None = None,
          block_position: int | None = None, max_memory: Size | None = None,
          max_seconds: float | None = None, method: HeapMethod | None = None, seq_file: str | None = None,
          quotient: str | None = None) -> Moves: ...
def seq(game: GameLike, n: int, *, start: int = 0, row: int | None = None, diagonal: int | None = None,
        players: int | None = None, method: Literal["simple", "fast", "sparse"] | None = None,
        max_memory: Size | None = None, max_seconds: float | None = None) -> Values: ...
def period(game: GameLike, n: int, *, players: int | None = None, method: Literal["simple", "fast", "sparse"] | None = None,
           max_memory: Size | None = None, max_seconds: float | None = None) -> dict[str, Any]: ...
def table(game: GameLike, n: int, *, max_memory: Size | None = None, max_seconds: float | None = None) -> Values: ...
def check(which: str | None = None, *, to: int | None = None) -> list[Verdict]: ...
@overload
def count(what: Literal["pairs", "zero-nim", "no-carry"], *, sum: int | None = None, xor: int | None = None,
          max_total: int | None = None, digits: int | None = None, ordered: bool = False, zero: bool = False,
          at_most: bool = False) -> int: ...
@overload
def count(what: Literal["zero-graph"], *, sum: int, list: bool = False) -> dict[str, Any]: ...
@overload
def count(what: Literal["sharing-p", "sharing-f"], *, to: int) -> dict[str, Any]: ...
def misere(game: Game | str, to: int | None = None, *, genus: bool = False, terms: int | None = None,
           verify: int | None = None, out: str | os.PathLike[str] | None = None,
           resume: str | os.PathLike[str] | None = None, quotient: str | os.PathLike[str] | None = None,
           max_memory: int | str | None = None, max_seconds: float | None = None) -> dict[str, Any]: ...
def census(codes: str | Sequence[str] | None, to: int, dir: str | os.PathLike[str], *, unsolved: bool = False,
           digits: int | None = None, threads: int | None = None, report: bool = False,
           max_memory: int | str | None = None, max_seconds: float | None = None) -> dict[str, Any]: ...
