"""Type stubs of the extension module `conway._conway`, one section per part of it."""

from array import array
from fractions import Fraction
from typing import Any, Hashable, Iterable, Mapping, Optional, Sequence as _Sequence, Tuple, Union, overload

__version__: str

# --- errors ---

class ConwayError(Exception):
    """A question conway cannot answer as asked: the message says why."""

class ParseError(ValueError):
    """Text that does not read (a game's name, a position, an expression)."""

    column: Optional[int]
    """Where the problem is, counted from 1; None for a problem of the whole."""

class LimitError(ConwayError):
    """A computation past its limits."""

    limit: str
    """The limit to raise: 'max_positions' or 'max_memory'."""

# --- limits ---

def set_limits(*, max_positions: Optional[int] = None, max_memory: Optional[int] = None) -> None:
    """Sets the limits of later computations: positions a search may list, bytes it may hold.
    An argument left out keeps its value."""

def limits() -> dict[str, int]:
    """The limits of later computations: `max_positions` and `max_memory`."""

# --- values ---

GameLike = Union["Game", "Nimber", int, Fraction]

class Game:
    """A short game in canonical form, with the theory's arithmetic and order.

    `g <= h` means Left, moving second in g - h, never loses; two games may be neither
    (`g.confused_with(h)`). `str` is the canonical form as the texts print it."""

    def __init__(
        self,
        value: Optional[GameLike] = None,
        *,
        left: Optional[Iterable[GameLike]] = None,
        right: Optional[Iterable[GameLike]] = None,
    ) -> None:
        """A number, a nimber, or the game of the given options in canonical form."""
    @property
    def outcome(self) -> str:
        """'L' (Left wins), 'R', 'P' (the player to move loses) or 'N'."""
    @property
    def is_number(self) -> bool: ...
    @property
    def left_stop(self) -> Fraction: ...
    @property
    def right_stop(self) -> Fraction: ...
    @property
    def mean(self) -> Fraction: ...
    @property
    def temperature(self) -> Fraction:
        """The temperature (-1 for an integer)."""
    @property
    def birthday(self) -> int: ...
    @property
    def left_options(self) -> list[Game]:
        """Left's options of the canonical form."""
    @property
    def right_options(self) -> list[Game]:
        """Right's options of the canonical form."""
    def cool(self, t: Union[int, Fraction]) -> Game:
        """The game cooled by t > -1."""
    def heat(self, t: GameLike) -> Game:
        """The game heated by t."""
    def ordinal_sum(self, h: GameLike) -> Game:
        """The ordinal sum self : h."""
    def atomic_weight(self) -> Game:
        """The atomic weight of an all-small game; ConwayError where it has none."""
    def confused_with(self, h: GameLike) -> bool:
        """Whether neither game is <= the other."""
    def thermograph(self) -> Thermograph: ...
    def __add__(self, other: GameLike) -> Game: ...
    def __radd__(self, other: GameLike) -> Game: ...
    def __sub__(self, other: GameLike) -> Game: ...
    def __rsub__(self, other: GameLike) -> Game: ...
    def __neg__(self) -> Game: ...
    def __pos__(self) -> Game: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __le__(self, other: GameLike) -> bool: ...
    def __lt__(self, other: GameLike) -> bool: ...
    def __ge__(self, other: GameLike) -> bool: ...
    def __gt__(self, other: GameLike) -> bool: ...
    def __hash__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def _repr_html_(self) -> str: ...

def game(expression: str) -> Game:
    """The value of an expression in the language of the texts and CGSuite: `{2||1|0} + ^`,
    `*3 + *5`, `Tiny(2)`. A syntax error raises ParseError with its column."""

class Nimber:
    """A nimber *n of the nim field: + is the nim-sum, * the nim-product; ints mix in."""

    def __init__(self, n: int) -> None:
        """The nimber *n, for 0 <= n < 2**128."""
    def inverse(self) -> Nimber:
        """The inverse in the nim field; ZeroDivisionError for *0."""
    def sqrt(self) -> Nimber:
        """The square root in the nim field."""
    def game(self) -> Game:
        """The nimber as a short game."""
    def __add__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __radd__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __sub__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __rsub__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __mul__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __rmul__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __truediv__(self, other: Union[Nimber, int]) -> Nimber: ...
    def __pow__(self, exponent: int) -> Nimber: ...
    def __neg__(self) -> Nimber: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __hash__(self) -> int: ...

class Thermograph:
    """The walls of a game's thermograph as (temperature, value) breakpoints from -1 up."""

    @property
    def left_wall(self) -> list[tuple[Fraction, Fraction]]: ...
    @property
    def right_wall(self) -> list[tuple[Fraction, Fraction]]: ...
    @property
    def mean(self) -> Fraction: ...
    @property
    def temperature(self) -> Fraction: ...
    def svg(self) -> str:
        """The picture, as SVG (value growing to the left, as in the texts)."""
    def _repr_svg_(self) -> str: ...

# --- analysis ---

class RuleInfo:
    """What a ruleset of the catalogue says about itself (`conway.rulesets()`)."""

    @property
    def name(self) -> str:
        """The name, without parameters: "subtraction"."""
    @property
    def usage(self) -> str:
        """How the name is written with its parameters: "subtraction:S", "growing[:own]"."""
    @property
    def params(self) -> Optional[str]:
        """The name of the parameters after the colon ("S"), or None for a game that takes none."""
    @property
    def kind(self) -> str:
        """"impartial", "loopy" (impartial, but play may go round a cycle), "partizan" or
        "loopy-partizan" (partizan, and play may go round a cycle)."""
    @property
    def summary(self) -> str:
        """The rules in a sentence or two."""
    @property
    def notation(self) -> str:
        """How positions are written."""
    @property
    def misere(self) -> str:
        """What misère play means for this game, or why it is not supported."""
    @property
    def example(self) -> str:
        """A position to try, as a command line: 'conway solve nim "13 42 30 43"'."""

def rulesets() -> list[RuleInfo]:
    """Every ruleset of the catalogue, in the order of the texts."""

class Position:
    """A position of some game: of a ruleset of the catalogue (`conway.position("nim", "3 4")`)
    or of a game written in Python (`conway.position(MyGame(), (3, 4))`). Immutable, hashable,
    equal when it is the same position of the same game; `p + q` is their `Sum`."""

    @property
    def game(self) -> str:
        """The name of its game, with parameters ("subtraction:1,3,4")."""
    @property
    def kind(self) -> str:
        """"impartial", "loopy", "partizan" or "loopy-partizan"."""
    @property
    def value(self) -> Any:
        """The Python value of a position of a game written in Python; the text of a position
        of the catalogue."""
    def moves(self, player: Optional[str] = None, *, misere: bool = False) -> list[Position]:
        """The positions one move away. `player` ("left" or "right") is needed for a partizan
        game; both players have the same moves in an impartial one. `misere=True` lists the
        misère rules' moves (which may add a move normal play leaves out)."""
    def solve(
        self,
        *,
        misere: bool = False,
        keep: int = 1000,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Analysis:
        """The analysis of this position: see `conway.solve`."""
    def __add__(self, other: Union[Position, Sum]) -> Sum: ...
    def __radd__(self, other: int) -> Sum: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def position(game: Union[str, Any], position: Any) -> Position:
    """The position `position` of `game`: a ruleset's name with its parameters after a colon
    ("subtraction:1,3,4") and a position in its notation (a str; an int for a heap); or a game
    written in Python (`conway.ImpartialGame`, `conway.PartizanGame`) and a Python value.
    Raises `ParseError` (with `column`) for a name or a position that does not read."""

class Sum:
    """A sum of positions of any games: `p + q` or `conway.Sum([p, q])`, a component also
    given as a pair `(game, position)`. A move is a move in one component."""

    def __init__(self, components: Iterable[Union[Position, Sum, Tuple[Any, Any]]]) -> None: ...
    @property
    def components(self) -> list[Position]:
        """The positions added, in order."""
    def solve(
        self,
        *,
        misere: bool = False,
        keep: int = 1000,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Analysis:
        """The analysis of the sum: see `conway.solve`. Misère play is not solved for a sum
        of several components (it does not split into them)."""
    def __len__(self) -> int: ...
    def __add__(self, other: Union[Position, Sum]) -> Sum: ...
    def __radd__(self, other: int) -> Sum: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Move:
    """One best move of an analysis."""

    @property
    def player(self) -> str:
        """Who makes it: "either" (an impartial game), "left" or "right"."""
    @property
    def component(self) -> int:
        """The component of the sum it is made in, from 0 (0 for a position alone)."""
    @property
    def to(self) -> Position:
        """The component's position after the move."""
    @property
    def description(self) -> str:
        """What the move does, in the game's words."""
    @property
    def result(self) -> str:
        """"wins" (against every reply) or "draws" (nothing wins; it keeps the draw)."""

class Analysis:
    """What `conway.solve` finds: the outcome, the value, and the best moves of each player.
    In a notebook it shows as a table of every move (best first, at most `keep` of each
    player) with the position it leads to, the value of the whole after it, and whether it
    wins."""

    @property
    def kind(self) -> str:
        """"impartial", "loopy", "partizan" or "loopy-partizan" (of the whole: loopy-partizan
        if any component is, else partizan if any component is)."""
    @property
    def play(self) -> str:
        """"normal" or "misere"."""
    @property
    def outcome(self) -> str:
        """"P" (the previous player wins), "N" (the next), "L", "R" (Left or Right, whoever
        starts) or "D" (a draw)."""
    @property
    def value(self) -> Any:
        """A `Nimber` (impartial), a `Game` (partizan, in the session's store), or for a game
        that may loop γ: a `Nimber` where finite, a str "inf(0,2)" where infinite; for a
        partizan game that may loop, a `Game` where its value is short, else its text ("over",
        "{3|off}", "on & 0"). None under misère play or where `value_unknown` says why."""
    @property
    def nim_value(self) -> Optional[int]:
        """The value as an int where it is a nimber."""
    @property
    def value_unknown(self) -> Optional[str]:
        """Why the value is missing under normal play; None where it is known."""
    @property
    def moves(self) -> list[Move]:
        """The best moves of each player (the first `keep` of each): the winning ones, or where
        nothing wins and play may loop, those that keep the draw."""
    @property
    def move_counts(self) -> Optional[dict[str, int]]:
        """How many best moves each player has ("either", or "left" and "right")."""
    @property
    def moves_unknown(self) -> Optional[str]:
        """Why the moves are unknown though the outcome is known."""
    @property
    def is_number(self) -> Optional[bool]:
        """Whether the value is a number (where it is a short game, nimbers included)."""
    @property
    def left_stop(self) -> Optional[Fraction]:
        """Where play stops when Left starts (where the value is a short game)."""
    @property
    def right_stop(self) -> Optional[Fraction]:
        """Where play stops when Right starts."""
    @property
    def mean(self) -> Optional[Fraction]:
        """The mean value."""
    @property
    def temperature(self) -> Optional[Fraction]:
        """The temperature (-1 for an integer)."""
    @property
    def game(self) -> str:
        """The game of a position alone, or "sum"."""
    @property
    def position(self) -> str:
        """The position as written, or a sum as "GAME POSITION + GAME POSITION"."""
    @property
    def components(self) -> list[Position]:
        """The positions analysed."""
    def to_dict(self) -> dict[str, Any]:
        """The analysis in the schema of `conway solve --json`: game, position, kind, play,
        outcome, value, nim_value, value_unknown (only where set), is_number, left_stop,
        right_stop, mean, temperature (exact numbers as str), moves ([{player, move, to}]),
        move_counts, moves_unknown (only where set)."""
    def _repr_html_(self) -> str: ...

def solve(
    game: Union[str, Any, Position, Sum, _Sequence[Union[Position, Tuple[Any, Any]]]],
    position: Any = None,
    *,
    misere: bool = False,
    keep: int = 1000,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Analysis:
    """The analysis of a position or a sum: outcome, value and every best move.

    `solve("nim", "13 42 30 43")`; `solve(MyGame(), position)`; `solve(p)` for a `Position`,
    `solve(p + q)` or `solve([("nim", "3"), ("domineering", "..|..")])` for a sum. Under
    `misere=True` the player who cannot move wins. `keep` best moves of each player are held
    (the rest counted); `max_positions` and `max_memory` bound this call. Runs without the GIL
    unless a game written in Python is involved; Ctrl-C raises `KeyboardInterrupt`. Raises
    `ParseError` for names and positions that do not read and `LimitError` past a limit."""

class Sequence:
    """The nim values of single heaps 0..n of a heap game and the period they show
    (`conway.seq`). In a notebook it draws itself (value against heap size)."""

    @property
    def game(self) -> str:
        """The game, with its parameters."""
    @property
    def to(self) -> int:
        """The last heap."""
    @property
    def values(self) -> array:
        """The values, heap 0 first, as an `array.array('Q')`: `numpy.asarray(seq.values)`
        views it. Raises `LimitError` where they would pass the session's memory limit."""
    @property
    def period(self) -> Optional[int]:
        """The period found, or None."""
    @property
    def preperiod(self) -> Optional[int]:
        """The first heap from which the period holds, or None."""
    @property
    def saltus(self) -> Optional[int]:
        """What the values gain over one period: 0 for a pure period."""
    @property
    def proved(self) -> bool:
        """Whether the period is proved to hold for every heap."""
    @property
    def computed(self) -> int:
        """How many heaps were computed; the rest follow from the proved period."""
    @property
    def max_value(self) -> int:
        """The largest value."""
    def svg(self, max_points: int = 2000) -> str:
        """The picture as SVG: the first `max_points` values, preperiod and one period marked."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def _repr_svg_(self) -> str: ...

def seq(
    game: str, n: int, *, max_positions: Optional[int] = None, max_memory: Optional[int] = None
) -> Sequence:
    """The nim values of heaps 0..n of a heap game ("kayles", "subtraction:1,3,4",
    "octal:0.137") and their period. Unless `max_positions` is given, the work limit grows
    with the heaps asked for, as for `conway seq` (`seq("kayles", 10**6)` works as it is)."""

class GraphAnalysis:
    """A game graph analysed (`conway.graph`): per vertex the outcome, the depth and γ; a
    kernel. Vertices are named by str."""

    @property
    def vertices(self) -> list[str]:
        """The vertices' names, in the order they were first named."""
    @property
    def play(self) -> str:
        """"normal" or "misere"."""
    def outcome(self, v: Hashable) -> str:
        """Who wins a token on `v`: "P", "N" or "D" (a draw)."""
    def depth(self, v: Hashable) -> Optional[int]:
        """The moves to the end under best play (remoteness); None at a draw."""
    def gamma(self, v: Hashable) -> Union[int, str, None]:
        """The generalised Sprague–Grundy value: an int, or "inf(K)" for an infinite value
        whose finite options are K ("inf" where none); None under misère play."""
    def options(self, v: Hashable) -> list[str]:
        """The vertices one move from `v`."""
    def best_moves(self, v: Hashable) -> list[str]:
        """The moves best play chooses from at `v`, best first."""
    @property
    def kernel(self) -> Optional[list[str]]:
        """A kernel (the P-positions, and a kernel of the draws where there are draws); None
        where there is none or the search stopped (see `kernel_reason`)."""
    @property
    def kernel_unique(self) -> Optional[bool]:
        """Whether the kernel is the only one; None where unknown."""
    @property
    def kernel_reason(self) -> Optional[str]:
        """Why there is no kernel to show."""
    def to_dict(self) -> dict[str, Any]:
        """The analysis in the schema of `conway graph FILE --json`."""
    def __len__(self) -> int: ...
    def __contains__(self, v: object) -> bool: ...
    def _repr_html_(self) -> str: ...

def graph(
    edges: Union[str, Iterable[Tuple[Hashable, Hashable]], Mapping[Hashable, Iterable[Hashable]], Any],
    *,
    misere: bool = False,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> GraphAnalysis:
    """The analysis of a game graph, cycles allowed. `edges` is the text of a graph file
    ("a -> b c" lines, `#` comments), a list of pairs (u, v), a dict {u: [v, ...]}, or a
    networkx graph (isolated nodes included). Text that does not read raises `ParseError`
    with `line` and `column`; a partizan text (with `|`) raises `ConwayError`."""
