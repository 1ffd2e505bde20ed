"""Bridge objects: seats, strains, cards, hands, deals, boards, board sets,
double-dummy tables and par.

They are the Rust model's JSON Lines form with names on it: a ``Board`` is
the dict ``boardfile.read`` yields, kept whole (so writing it back loses
nothing the file gave), and every rule (what a deal is, how par is
spelled, how a board is drawn, how a deal is solved) is the library's,
called through ``boardfile._native``.

>>> from boardfile import Deal, Seat, Strain
>>> d = Deal("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT")
>>> d[Seat.S].hcp
12
>>> table = d.solve()
>>> table[Seat.S, Strain.C]
13
"""

from __future__ import annotations

import json
from enum import Enum, IntEnum
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
    overload,
)

from . import _native
from ._errors import BoardfileError

if TYPE_CHECKING:  # pragma: no cover
    import pandas


E = TypeVar("E", bound=IntEnum)


def _member(cls: Type[E], value: Union[E, int, str], names: Mapping[str, str], what: str) -> E:
    """A member of ``cls`` from itself, its number, or its name (any case)
    or one of ``names``' other names for it."""
    if isinstance(value, cls):
        return value
    if isinstance(value, Enum):
        # Another library's enum (endplay's Denom numbers spades 0):
        # by its name, never its number.
        value = value.name
    elif isinstance(value, bool):
        raise TypeError(f"{value!r} is not {what}")
    elif isinstance(value, int):
        return cls(value)
    text = str(value).strip().upper()
    text = names.get(text, text)
    if text in cls.__members__:
        return cls[text]
    raise BoardfileError(f"{value!r} is not {what}")


class Seat(IntEnum):
    """A seat at the table, clockwise from North: ``Seat.N`` (0) to
    ``Seat.W`` (3). ``Seat.of("south")`` reads names and letters.

    >>> Seat.of("w"), Seat.N.next(), str(Seat.E)
    (<Seat.W: 3>, <Seat.E: 1>, 'E')
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def of(cls, value: "SeatLike") -> "Seat":
        """A seat from a ``Seat``, 0-3, or a letter or name (any case)."""
        names = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
        return _member(cls, value, names, "a seat (N, E, S, W)")

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    def next(self, n: int = 1) -> "Seat":
        """The seat ``n`` places clockwise."""
        return Seat((self + n) % 4)

    def __str__(self) -> str:
        return self.letter


class Strain(IntEnum):
    """A strain (denomination), lowest first: ``Strain.C`` (0) to
    ``Strain.NT`` (4), the order of the tables' columns. ``Denom`` is the
    same class (endplay's name). ``Strain.of("♠")``, ``Strain.of("NT")``.

    >>> Strain.of("hearts"), str(Strain.NT), Strain.S.symbol
    (<Strain.H: 2>, 'NT', '♠')
    """

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @classmethod
    def of(cls, value: "StrainLike") -> "Strain":
        """A strain from a ``Strain``, 0-4, or a letter, symbol or name."""
        names = {
            "CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S",
            "♣": "C", "♦": "D", "♥": "H", "♠": "S",
            "N": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT", "NO TRUMP": "NT",
        }
        return _member(cls, value, names, "a strain (C, D, H, S, NT)")

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"``."""
        return self.name

    @property
    def symbol(self) -> str:
        """``"♣"``, ``"♦"``, ``"♥"``, ``"♠"`` or ``"NT"``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    def __str__(self) -> str:
        return self.name


#: endplay's name for a strain.
Denom = Strain

SeatLike = Union[Seat, int, str]
StrainLike = Union[Strain, int, str]

_RANKS = "AKQJT98765432"
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: The suits in PBN's order (spades first), as strains.
_SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)


class Card:
    """A card: ``Card("SA")`` (suit then rank; ``10`` for the ten is read
    too, and a suit symbol). ``str`` gives ``"SA"``; cards sort from the
    two of clubs to the ace of spades.

    >>> c = Card("♥10")
    >>> c, c.suit, c.rank, c.hcp
    (Card('HT'), <Strain.H: 2>, 'T', 0)
    """

    __slots__ = ("suit", "rank")
    suit: Strain
    rank: str

    def __init__(self, text: str) -> None:
        t = text.strip().upper().replace("10", "T")
        if len(t) != 2:
            raise BoardfileError(f"{text!r} is not a card (such as SA, HT, C2)")
        suit = Strain.of(t[0])
        if suit is Strain.NT or t[1] not in _RANKS:
            raise BoardfileError(f"{text!r} is not a card (such as SA, HT, C2)")
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", t[1])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Card does not change")

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return _HCP.get(self.rank, 0)

    def _key(self) -> Tuple[int, int]:
        return (int(self.suit), -_RANKS.index(self.rank))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._key() == other._key()

    def __lt__(self, other: "Card") -> bool:
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return self.suit.name + self.rank

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


class Hand:
    """One hand, in PBN's form ``"AKQ.JT9..5432"`` (spades first).

    >>> h = Hand("AKQ.JT9..5432")
    >>> h.hcp, h.shape, len(h), Card("SK") in h, h[Strain.H]
    (10, (3, 3, 0, 4), 10, True, 'JT9')
    """

    __slots__ = ("_suits",)
    _suits: Tuple[str, str, str, str]

    def __init__(self, text: str = "...") -> None:
        parts = text.strip().upper().split(".")
        if text.strip() == "-":
            parts = ["", "", "", ""]
        if len(parts) != 4:
            raise BoardfileError(f"{text!r} is not a hand (four suits, dots between)")
        suits = []
        for part in parts:
            if any(c not in _RANKS for c in part) or len(set(part)) != len(part):
                raise BoardfileError(f"{text!r} is not a hand (ranks AKQJT98765432, each once)")
            suits.append("".join(sorted(part, key=_RANKS.index)))
        object.__setattr__(self, "_suits", tuple(suits))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Hand does not change")

    def __getitem__(self, suit: StrainLike) -> str:
        """The holding in a suit, highest first (``""`` for a void)."""
        s = Strain.of(suit)
        if s is Strain.NT:
            raise KeyError("no-trump is not a suit")
        return self._suits[3 - int(s)]

    @property
    def cards(self) -> List[Card]:
        """The cards, spades first, each suit from the ace down."""
        return [Card(s.name + r) for s, held in zip(_SUITS, self._suits) for r in held]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return sum(len(s) for s in self._suits)

    def __contains__(self, card: Union[Card, str]) -> bool:
        c = card if isinstance(card, Card) else Card(card)
        return c.rank in self[c.suit]

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(_HCP.get(r, 0) for s in self._suits for r in s)

    @property
    def shape(self) -> Tuple[int, int, int, int]:
        """Suit lengths: spades, hearts, diamonds, clubs."""
        a, b, c, d = (len(s) for s in self._suits)
        return (a, b, c, d)

    def _evaluation(self) -> Tuple[int, int, int, int, Tuple[int, int, int, int]]:
        losers, controls, halves, cccc, quality = _native.evaluate_hand(str(self))
        return losers, controls, halves, cccc, tuple(quality)  # type: ignore[return-value]

    @property
    def losers(self) -> int:
        """Losers, suit by suit as the dealer language counts them: a void
        0; a singleton 1 unless the ace; a doubleton 2, less one for the
        ace and one for the king; longer suits 3, less one for each of
        the ace, king and queen.

        >>> Hand("AKQ.K32.Q5.98765").losers
        7
        """
        return self._evaluation()[0]

    @property
    def controls(self) -> int:
        """Controls: an ace 2, a king 1."""
        return self._evaluation()[1]

    @property
    def quick_tricks(self) -> float:
        """Quick tricks: AK 2, AQ 1.5, A or KQ 1, a king with a smaller
        card 0.5, suit by suit.

        >>> Hand("AK32.AQ5.KJ4.K").quick_tricks
        4.0
        """
        return self._evaluation()[2] / 2

    @property
    def cccc(self) -> float:
        """Kaplan and Rubens' hand evaluation ("CCCC", The Bridge World,
        October 1982), as the dealer language computes it."""
        return self._evaluation()[3] / 100

    def quality(self, suit: StrainLike) -> float:
        """Kaplan and Rubens' suit quality of ``suit``, as the dealer
        language computes it."""
        s = Strain.of(suit)
        if s is Strain.NT:
            raise KeyError("no-trump is not a suit")
        return self._evaluation()[4][3 - int(s)] / 100

    def dist_points(self, scale: Sequence[float] = (3, 2, 1), exclude: Iterable[StrainLike] = ()) -> float:
        """Distribution points: ``scale[n]`` for each suit of ``n`` cards
        (by default 3 for a void, 2 a singleton, 1 a doubleton), the
        suits in ``exclude`` (a trump suit, say) not counted.

        >>> Hand("AK.JT98765..Q963").dist_points(), Hand("AK.JT98765..Q963").dist_points(exclude="S")
        (4.0, 3.0)
        """
        left_out = {Strain.of(s) for s in ([exclude] if isinstance(exclude, (str, int)) else exclude)}
        total = 0.0
        for strain, n in zip((Strain.S, Strain.H, Strain.D, Strain.C), self.shape):
            if strain not in left_out and n < len(scale):
                total += scale[n]
        return total

    def points(self, **values: float) -> float:
        """A count of your own, by rank: ``points(A=4, K=3, Q=2, J=1)`` is
        high-card points, ``points(A=3, K=2, Q=1)`` the 3-2-1 count. Ranks
        not given count 0.

        >>> Hand("AKQ.JT9..5432").points(A=4.5, K=3, Q=1.5, J=0.75, T=0.25)
        10.0
        """
        unknown = set(values) - set(_RANKS)
        if unknown:
            raise KeyError(f"not ranks: {sorted(unknown)} (A K Q J T 9 ... 2)")
        return float(sum(values.get(r, 0) for s in self._suits for r in s))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._suits == other._suits

    def __hash__(self) -> int:
        return hash(self._suits)

    def __str__(self) -> str:
        return ".".join(self._suits)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


class Deal:
    """A deal: four hands, North's first.

    Made from:

    - a PBN deal string, any first seat (``"E:..."``); without a seat
      letter North's hand comes first, as in endplay;
    - an int: Richard Pavlicek's deal number (1 to 53,644,737,765,488,792,
      839,237,440,000);
    - 52 cards (``Card`` or text such as ``"SA"``): the first 13 are
      North's, then East's, South's and West's.

    ``str(deal)`` is PBN's form from North (``N:...``). A hand is ``-``
    where a file gave a partial deal.

    >>> d = Deal("E:43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT QJ8.AJ965.K82.AQ")
    >>> str(d)
    'N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT'
    >>> d.hcp, d.shape[Seat.S]
    ((17, 4, 12, 7), (4, 0, 3, 6))
    >>> Deal(d.number) == d
    True
    """

    __slots__ = ("_pbn", "_hands")
    _pbn: str
    _hands: Tuple[Hand, Hand, Hand, Hand]

    def __init__(self, value: Union[str, int, "Deal", Iterable[Union[Card, str]]]) -> None:
        if isinstance(value, Deal):
            pbn = value._pbn
        elif isinstance(value, str):
            text = value.strip()
            if len(text) < 2 or text[1] != ":":
                text = "N:" + text
            pbn = _native.parse_deal(text)
        elif isinstance(value, bool):
            raise TypeError("a deal is PBN text, a deal number or 52 cards, not a bool")
        elif isinstance(value, int):
            pbn = _native.deal_of_number(str(value))
        else:
            cards = [c if isinstance(c, Card) else Card(str(c)) for c in value]
            if len(cards) != 52 or len(set(cards)) != 52:
                raise BoardfileError("a deal from cards takes the 52 cards, each once")
            hands = []
            for k in range(4):
                held = cards[13 * k : 13 * k + 13]
                hands.append(
                    ".".join(
                        "".join(c.rank for c in sorted(held, reverse=True) if c.suit is s)
                        for s in _SUITS
                    )
                )
            pbn = _native.parse_deal("N:" + " ".join(hands))
        object.__setattr__(self, "_pbn", pbn)
        parts = pbn[2:].split(" ")
        a, b, c, d = (Hand(p) for p in parts)
        object.__setattr__(self, "_hands", (a, b, c, d))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Deal does not change")

    @property
    def hands(self) -> Tuple[Hand, Hand, Hand, Hand]:
        """The hands of North, East, South and West."""
        return self._hands

    def __getitem__(self, seat: SeatLike) -> Hand:
        return self._hands[Seat.of(seat)]

    def __iter__(self) -> Iterator[Hand]:
        """The hands, North's first."""
        return iter(self._hands)

    def __len__(self) -> int:
        return 4

    @property
    def hcp(self) -> Tuple[int, int, int, int]:
        """High-card points of North, East, South and West."""
        a, b, c, d = (h.hcp for h in self._hands)
        return (a, b, c, d)

    @property
    def shape(self) -> Tuple[Tuple[int, int, int, int], ...]:
        """Each hand's suit lengths (spades, hearts, diamonds, clubs),
        North's first."""
        return tuple(h.shape for h in self._hands)

    @property
    def is_complete(self) -> bool:
        """True when every hand holds 13 cards."""
        return all(len(h) == 13 for h in self._hands)

    @property
    def number(self) -> int:
        """Richard Pavlicek's number of this deal (complete deals only)."""
        return int(_native.number_of_deal(self._pbn))

    def rotate(self, seats: int = 1) -> "Deal":
        """The deal with each hand moved ``seats`` places clockwise (North's
        to East at 1).

        >>> str(Deal("N:AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432 ..AKQJT98765432.").rotate()[Seat.E])
        'AKQJT98765432...'
        """
        k = seats % 4
        hands = self._hands[-k:] + self._hands[:-k] if k else self._hands
        return Deal("N:" + " ".join(str(h) if len(h) else "-" for h in hands))

    def swap(self, a: SeatLike, b: SeatLike) -> "Deal":
        """The deal with the hands of ``a`` and ``b`` exchanged."""
        hands = list(self._hands)
        i, j = Seat.of(a), Seat.of(b)
        hands[i], hands[j] = hands[j], hands[i]
        return Deal("N:" + " ".join(str(h) if len(h) else "-" for h in hands))

    def solve(
        self,
        dealer: SeatLike = Seat.N,
        vulnerable: str = "None",
        strains: Optional[Iterable[StrainLike]] = None,
    ) -> "DDTable":
        """The double-dummy table, with ``par`` for ``dealer`` and
        ``vulnerable`` (``"None"``, ``"NS"``, ``"EW"``, ``"All"``).

        >>> t = Deal("N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9").solve()
        >>> t.par.score_ns, str(t.par)
        (110, 'NS 2S; NS 3D')

        ``strains`` solves those only (faster); the others are None, and
        so is par.

        >>> d = Deal("N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9")
        >>> t = d.solve(strains=["NT"])
        >>> t[Seat.N, Strain.NT] == d.solve()[Seat.N, Strain.NT], t[Seat.N, Strain.S], t.par is None
        (True, None, True)
        """
        if strains is not None:
            names = [Strain.of(s).letter for s in strains]
            try:
                return DDTable(_native.solve_strains(self._pbn, names))
            except ValueError as e:
                raise BoardfileError(str(e)) from None
        tricks, par = _native.solve_deal(self._pbn, Seat.of(dealer).letter, vulnerable)
        return DDTable(tricks, None if par is None else Par(par[0], par[1]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._pbn == other._pbn

    def __hash__(self) -> int:
        return hash(self._pbn)

    def __str__(self) -> str:
        return self._pbn

    def __repr__(self) -> str:
        return f"Deal({self._pbn!r})"


class Position:
    """A position in the middle of play: a deal (whole, or an ending of
    equal hands), the trump, the opening leader and the cards played
    since. Play cards, take them back, ask whose turn it is and what may
    be played, and solve it: every legal card with the tricks its side
    takes from here under best play (DDS's ``SolveBoard`` with every
    solution; endplay's ``solve_board``).

    >>> p = Position("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", "NT", "E")
    >>> p.play("HJ"); p.to_play, [str(c) for c in p.legal()][:3]
    (<Seat.S: 2>, ['H8', 'H7', 'H6'])
    >>> p.solve()[Card("H6")], p.tricks_left
    (13, 13)
    """

    __slots__ = ("_deal", "_trump", "_leader", "_played")

    def __init__(
        self,
        deal: Union[Deal, str],
        trump: StrainLike,
        leader: SeatLike,
        played: Iterable[Union[Card, str]] = (),
    ) -> None:
        self._deal = Deal(deal)
        self._trump = Strain.of(trump)
        self._leader = Seat.of(leader)
        self._played: List[Card] = []
        # Checked at once: hands of unequal lengths are no position.
        self._state()
        for card in played:
            self.play(card)

    @classmethod
    def from_board(cls, board: "Board", cards: Optional[int] = None) -> "Position":
        """The position of ``board`` after the first ``cards`` cards of
        its play (all of them when None): its contract's strain, declarer's
        left-hand opponent on lead."""
        made = _native.board_play(_line(board.to_dict()))
        if made is None:
            raise BoardfileError(f"board {board.number}: no contract bid, or no play")
        strain, leader, played = made
        return cls(board.deal, strain, leader, played if cards is None else played[:cards])

    def _state(self) -> Tuple[str, List[Tuple[str, str]], List[int], List[str], int]:
        try:
            return _native.position_state(*self._args())
        except ValueError as e:
            raise BoardfileError(str(e)) from None

    def _args(self) -> Tuple[str, str, str, List[str]]:
        return (str(self._deal), self._trump.letter, self._leader.letter, [str(c) for c in self._played])

    @property
    def deal(self) -> Deal:
        """The deal as dealt (before any card)."""
        return self._deal

    @property
    def trump(self) -> Strain:
        return self._trump

    @property
    def leader(self) -> Seat:
        """The opening leader."""
        return self._leader

    @property
    def played(self) -> Tuple[Card, ...]:
        """The cards played so far, in order."""
        return tuple(self._played)

    @property
    def to_play(self) -> Seat:
        """The seat to play."""
        return Seat.of(self._state()[0])

    @property
    def trick(self) -> List[Tuple[Seat, Card]]:
        """The trick under way: (seat, card) pairs, its leader first."""
        return [(Seat.of(seat), Card(card)) for seat, card in self._state()[1]]

    @property
    def tricks_won(self) -> Tuple[int, int]:
        """Tricks won so far by North-South and by East-West."""
        ns, ew = self._state()[2]
        return (ns, ew)

    @property
    def tricks_left(self) -> int:
        """Tricks still to play, the one under way counted."""
        return self._state()[4]

    def legal(self) -> List[Card]:
        """The cards the seat to play may play: the suit led when it holds
        it, else any."""
        return [Card(c) for c in self._state()[3]]

    def play(self, card: Union[Card, str]) -> None:
        """Plays ``card`` for the seat to play (refused, and nothing
        changed, when it may not)."""
        c = card if isinstance(card, Card) else Card(card)
        self._played.append(c)
        try:
            self._state()
        except BoardfileError:
            self._played.pop()
            raise

    def undo(self) -> Card:
        """Takes back the last card played, and returns it."""
        if not self._played:
            raise BoardfileError("no card has been played")
        return self._played.pop()

    def solve(self) -> Dict[Card, int]:
        """Each card the seat to play may play, with the tricks its side
        takes from here (of :attr:`tricks_left`) under best play after it."""
        try:
            return {Card(c): t for c, t in _native.solve_position(*self._args())}
        except ValueError as e:
            raise BoardfileError(str(e)) from None

    def __repr__(self) -> str:
        return f"Position({str(self._deal)!r}, {self._trump.letter!r}, {self._leader.letter!r}, {[str(c) for c in self._played]!r})"


class Par:
    """Par: the score from North-South's side (``score_ns``, also
    ``score``, negative when East-West score) and the contracts that reach
    it, spelled as PBN's ``ParContract`` spells them (``"EW 4S"``,
    ``"NS 5DX"``). ``str(par)`` is the PBN tag's value.

    >>> p = Par(-100, ["EW 5CX", "EW 5DX"])
    >>> str(p), p.score
    ('EW 5CX; EW 5DX', -100)
    """

    __slots__ = ("score_ns", "contracts")

    def __init__(self, score_ns: int, contracts: Union[str, Iterable[str]] = ()) -> None:
        self.score_ns = int(score_ns)
        if isinstance(contracts, str):
            contracts = [c.strip() for c in contracts.split(";") if c.strip()]
        self.contracts: Tuple[str, ...] = tuple(contracts)

    @property
    def score(self) -> int:
        """The par score from North-South's side (endplay's ``score``)."""
        return self.score_ns

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Par":
        """From the JSON Lines ``par`` object (contracts like ``4S-W``)."""
        return cls(d["score_ns"], _native.pbn_contracts(list(d.get("contracts", []))))

    def to_dict(self) -> Dict[str, Any]:
        """The JSON Lines ``par`` object."""
        contracts = _native.model_contracts("; ".join(self.contracts))
        return {"score_ns": self.score_ns, "contracts": contracts}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Par)
            and self.score_ns == other.score_ns
            and self.contracts == other.contracts
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return "; ".join(self.contracts)

    def __repr__(self) -> str:
        return f"Par(score_ns={self.score_ns}, contracts={str(self)!r})"


TableKey = Union[SeatLike, Tuple[Any, Any]]


class DDTable:
    """A double-dummy table: tricks for each declarer and strain (``None``
    where unknown), and ``par`` when known.

    ``table[Seat.N, Strain.S]`` (either order for ``Seat``/``Strain``
    values; ``table["N", "S"]`` is seat then strain), ``table[Seat.N]``
    (North's row, a dict by strain). ``to_list()`` gives rows North, East,
    South, West of clubs, diamonds, hearts, spades, no-trump.

    >>> t = Deal("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT").solve()
    >>> print(t)
          C  D  H  S NT
    N    13 10  9 13 13
    E     0  2  4  0  0
    S    13 10  9 13 13
    W     0  2  4  0  0
    Par: NS 1520 (NS 7NT)
    """

    __slots__ = ("_tricks", "par")

    def __init__(self, tricks: Sequence[Optional[int]], par: Optional[Par] = None) -> None:
        if len(tricks) != 20:
            raise BoardfileError("a table has 20 entries (4 declarers, 5 strains)")
        self._tricks: Tuple[Optional[int], ...] = tuple(
            None if t is None else int(t) for t in tricks
        )
        self.par = par

    @classmethod
    def from_dict(cls, dd: Mapping[str, Any], par: Optional[Mapping[str, Any]] = None) -> "DDTable":
        """From JSON Lines' ``dd`` (and ``par``) objects."""
        tricks = [dd.get(s.letter, {}).get(t.name) for s in Seat for t in Strain]
        return cls(tricks, None if par is None else Par.from_dict(par))

    def to_dict(self) -> Dict[str, Dict[str, Optional[int]]]:
        """JSON Lines' ``dd`` object."""
        return {s.letter: {t.name: self._tricks[5 * s + t] for t in Strain} for s in Seat}

    @overload
    def __getitem__(self, key: Tuple[Any, Any]) -> Optional[int]: ...

    @overload
    def __getitem__(self, key: SeatLike) -> Dict[Strain, Optional[int]]: ...

    def __getitem__(self, key: TableKey) -> Any:
        if isinstance(key, tuple):
            a, b = key
            if isinstance(a, Strain) or isinstance(b, Seat):
                a, b = b, a
            if isinstance(a, Strain) or isinstance(b, Seat):
                raise TypeError(f"a table is indexed by a seat and a strain, not {key!r}")
            try:
                seat, strain = Seat.of(a), Strain.of(b)
            except ValueError:  # strain first (endplay's Denom, "hearts")
                seat, strain = Seat.of(b), Strain.of(a)
            return self._tricks[5 * seat + strain]
        s = Seat.of(key)
        return {t: self._tricks[5 * s + t] for t in Strain}

    def __iter__(self) -> Iterator[Dict[Strain, Optional[int]]]:
        """The rows, North's first (each ``table[seat]``)."""
        return (self[s] for s in Seat)

    def __len__(self) -> int:
        return 4

    @property
    def is_complete(self) -> bool:
        """True when every entry is known."""
        return all(t is not None for t in self._tricks)

    def to_list(self) -> List[List[Optional[int]]]:
        """Rows North, East, South, West; each clubs, diamonds, hearts,
        spades, no-trump. (endplay's ``to_list()`` is strain-major,
        spades first: ``[[t[p, d] for p in Seat] for d in (S, H, D, C, NT)]``.)"""
        return [list(self._tricks[5 * s : 5 * s + 5]) for s in range(4)]

    def to_pandas(self) -> "pandas.DataFrame":
        """A DataFrame: seats down (N, E, S, W), strains across (C..NT)."""
        import pandas as pd

        return pd.DataFrame(
            self.to_list(), index=[s.letter for s in Seat], columns=[t.name for t in Strain]
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DDTable) and self._tricks == other._tricks

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        rows = ["      C  D  H  S NT"]
        for s in Seat:
            cells = " ".join(" -" if t is None else f"{t:2}" for t in self._tricks[5 * s : 5 * s + 5])
            rows.append(f"{s.letter}    {cells}")
        if self.par is not None:
            side = "NS" if self.par.score_ns >= 0 else "EW"
            score = "0" if self.par.score_ns == 0 else f"{side} {abs(self.par.score_ns)}"
            rows.append(f"Par: {score} ({self.par})" if self.par.contracts else f"Par: {score}")
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"DDTable({list(self._tricks)!r}, par={self.par!r})"


_SCOPE = "boardfile-board"


def _html(lines: bytes, more: int = 0) -> str:
    body = _native.boards_html(lines)
    tail = f"<p>… and {more} more boards</p>" if more else ""
    return (
        f'<div class="{_SCOPE}"><style>{_native.board_style("." + _SCOPE)}</style>'
        f"{body}{tail}</div>"
    )


def _line(d: Mapping[str, Any]) -> bytes:
    return json.dumps(d, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_VULNERABLE = {"none": "", "ns": "NS", "ew": "EW", "all": "NSEW", "both": "NSEW", "-": "", "love": ""}


def par(table: "DDTable", vulnerable: str = "None", dealer: SeatLike = Seat.N) -> Optional["Par"]:
    """Par of a double-dummy table for another vulnerability or dealer
    (None when the table is not whole).

    >>> d = Deal("N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9")
    >>> str(par(d.solve(), "All", Seat.E)) == str(d.solve(Seat.E, "All").par)
    True
    """
    found = _native.par_of(list(table._tricks), Seat.of(dealer).letter, vulnerable)
    return None if found is None else Par(found[0], found[1])


def score(contract: str, declarer: SeatLike, vulnerable: Union[bool, str], tricks: int) -> int:
    """Declarer's side's score at duplicate bridge (Law 77): ``contract``
    in PBN's spelling (``"4S"``, ``"3NTX"``, ``"6HXX"``, ``"Pass"``),
    ``tricks`` declarer took (0 to 13). ``vulnerable``: whether declarer's
    side is, or the board's vulnerability (``"None"``, ``"NS"``, ``"EW"``,
    ``"All"``), read for declarer.

    >>> score("4SX", "S", True, 10), score("3NT", "E", "NS", 8), score("Pass", "N", False, 0)
    (790, -50, 0)
    """
    seat = Seat.of(declarer)
    if isinstance(vulnerable, str):
        sides = _VULNERABLE.get(vulnerable.strip().lower())
        if sides is None:
            raise BoardfileError(f"{vulnerable!r} is not a vulnerability (None, NS, EW, All)")
        vulnerable = seat.letter in sides
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise TypeError("tricks is an int, 0 to 13")
    try:
        return int(_native.score(contract, tricks, bool(vulnerable)))
    except ValueError as e:
        raise BoardfileError(str(e)) from None


def imps(difference: int) -> int:
    """IMPs for a difference of scores, with its sign (Law 78B's scale:
    20 to 40 is 1 IMP, 4000 and more 24).

    >>> imps(620 - 170), imps(-50), imps(10)
    (10, -2, 0)
    """
    return int(_native.imps(int(difference)))


class Board:
    """A board: number, dealer, vulnerability, deal, and what the file gave
    besides (tags, auction, play, the double-dummy table and par).

    ``Board(deal, number)`` makes one (dealer and vulnerability by the
    board number, as the Laws set them); ``Board.from_dict(d)`` takes a
    board as ``boardfile.read`` yields it, and ``to_dict()`` gives it back
    whole. In a notebook a board draws itself as the hand records do.

    >>> b = Board("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT", 7)
    >>> b.dealer, b.vulnerable
    (<Seat.S: 2>, 'All')
    >>> b.solve().par.score_ns
    2220
    """

    __slots__ = ("_data",)

    def __init__(
        self,
        deal: Union[Deal, str],
        number: int = 1,
        dealer: Optional[SeatLike] = None,
        vulnerable: Optional[str] = None,
        tags: Optional[Mapping[str, str]] = None,
    ) -> None:
        data: Dict[str, Any] = {"board": int(number), "deal": str(Deal(deal))}
        if dealer is not None:
            data["dealer"] = Seat.of(dealer).letter
        if vulnerable is not None:
            data["vulnerable"] = vulnerable
        if tags:
            data["tags"] = dict(tags)
        # The library fills in dealer and vulnerability by the number.
        self._data = _normalized(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Board":
        """A board from its JSON Lines dict (kept as it is, not copied)."""
        b = cls.__new__(cls)
        b._data = data if isinstance(data, dict) else dict(data)
        return b

    def to_dict(self) -> Dict[str, Any]:
        """The board as a JSON Lines dict (``boardfile.read``'s form)."""
        return dict(self._data)

    @property
    def number(self) -> int:
        """The board number."""
        return int(self._data["board"])

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return Seat.of(self._data["dealer"])

    @property
    def vulnerable(self) -> str:
        """``"None"``, ``"NS"``, ``"EW"`` or ``"All"``."""
        return str(self._data["vulnerable"])

    @property
    def deal(self) -> Deal:
        """The deal."""
        return Deal(self._data["deal"])

    @property
    def tags(self) -> Dict[str, Any]:
        """The file's tags (PBN's, and what LIN's commands map to them):
        a value, or for a table tag ``{"value", "rows"}``."""
        return dict(self._data.get("tags", {}))

    @property
    def auction(self) -> Optional[Any]:
        """The auction as JSON Lines gives it, when the file has one."""
        return self._data.get("auction")

    @property
    def play(self) -> Optional[Any]:
        """The play as JSON Lines gives it, when the file has one."""
        return self._data.get("play")

    @property
    def dd(self) -> Optional[DDTable]:
        """The double-dummy table (with ``par``), when known."""
        dd = self._data.get("dd")
        if dd is None:
            return None
        return DDTable.from_dict(dd, self._data.get("par"))

    @property
    def par(self) -> Optional[Par]:
        """Par, when known."""
        par = self._data.get("par")
        return None if par is None else Par.from_dict(par)

    def score(self) -> Optional[int]:
        """North-South's score of the board as played, from its Contract,
        Declarer and Result tags (as a traveller shows it: minus when
        East-West scored); 0 when passed out; None when a tag is missing.

        >>> Board("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT", 7,
        ...       tags={"Contract": "4HX", "Declarer": "W", "Result": "8"}).score()
        500
        """
        tags = self.tags

        def value(name: str) -> Any:
            v = tags.get(name)
            return v.get("value") if isinstance(v, dict) else v

        contract, declarer, result = value("Contract"), value("Declarer"), value("Result")
        if contract is not None and str(contract).strip().lower() == "pass":
            return 0
        if not contract or not declarer or result is None or not str(result).strip().isdigit():
            return None
        seat = Seat.of(str(declarer).strip())
        made = score(str(contract), seat, self.vulnerable, int(str(result).strip()))
        return made if seat in (Seat.N, Seat.S) else -made

    def solve(self, force: bool = False) -> "Board":
        """This board with its double-dummy table and par (solved unless
        it has a whole table already, or ``force``)."""
        if not self.deal.is_complete:
            raise BoardfileError(f"board {self.number}: a partial deal (double dummy needs all 52 cards)")
        solved = _native.solve_lines(_line(self._data), 1, force)
        return Board.from_dict(json.loads(solved))

    def play_values(self) -> Optional[List[Dict[str, Any]]]:
        """Each card of the board's play valued double dummy, as
        ``boardfile show --solve`` gives it: a dict a card with ``seat``,
        ``card`` (``"SA"``), ``tricks`` (declarer's tricks under best play
        after it) and ``cost`` (the tricks it cost its side). None when
        there is nothing to value (no play, no contract, a partial deal).
        A board that :meth:`solve` solved carries them (its
        ``play_values``): they are taken from there.

        >>> b = Board("N:AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432 ..AKQJT98765432.",
        ...           tags={"Contract": "7NT", "Declarer": "N"})
        >>> b.play_values() is None      # no play given
        True
        """
        stored = self._data.get("play_values")
        if stored is not None:
            return list(stored["cards"])
        text = _native.play_values(_line(self._data))
        if text is None:
            return None
        cards: List[Dict[str, Any]] = json.loads(text)["cards"]
        return cards

    def _repr_html_(self) -> str:
        return _html(_line(self._data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Board({self._data['deal']!r}, {self._data['board']})"


def _normalized(data: Mapping[str, Any]) -> Dict[str, Any]:
    """A board dict as the library reads it back (defaults filled)."""
    lines = _native.BoardLines(_line(data), "jsonl")
    d: Dict[str, Any] = json.loads(lines.read_chunk(1))
    return d


class BoardSet(Sequence[Board]):
    """Boards, and what a file says about the whole set: ``event``,
    ``site`` and ``date`` (the set's own, as BRE and JSON Lines give them,
    else the first board's ``Event``, ``Site`` and ``Date`` tags: the rule
    the hand records title themselves by), and ``headers``, the rest of the
    set's data as JSON Lines' ``{"set": ...}`` line gives it (a PBN's
    preamble, a DLM's header...), kept so that writing the set back loses
    nothing.

    A list of boards in every other way. In a notebook it draws its first
    12 boards.

    >>> s = boardfile.deal(4, seed=10)
    >>> len(s), s[0].number, s[3].dealer
    (4, 1, <Seat.W: 3>)
    >>> s.event = "Club pairs"
    >>> boardfile.write(s, "club.pbn")
    4
    >>> boardfile.load("club.pbn").event
    'Club pairs'
    """

    def __init__(
        self,
        boards: Iterable[Union[Board, Mapping[str, Any]]] = (),
        *,
        event: Optional[str] = None,
        site: Optional[str] = None,
        date: Optional[str] = None,
        headers: Optional[Mapping[str, Any]] = None,
    ) -> None:
        self.boards: List[Board] = [
            b if isinstance(b, Board) else Board.from_dict(b) for b in boards
        ]
        self.headers: Dict[str, Any] = dict(headers or {})
        self._own: Dict[str, str] = {}
        for k in ("event", "site", "date"):
            if k in self.headers:
                self._own[k] = self.headers.pop(k)
        for k, v in (("event", event), ("site", site), ("date", date)):
            if v is not None:
                self._own[k] = v
        if self.headers:
            # The library says now, not at the first use, what it does not know.
            _native.headings(_line({"set": self.set_dict()}))

    @classmethod
    def _of(cls, set_line: Optional[Mapping[str, Any]], boards: Iterable[Mapping[str, Any]]) -> "BoardSet":
        info = dict(set_line or {})
        return cls(
            boards,
            event=info.pop("event", None),
            site=info.pop("site", None),
            date=info.pop("date", None),
            headers=info,
        )

    def _heading(self, k: int) -> Optional[str]:
        head = {"set": self.set_dict()}
        lines = _line(head) + b"\n" + (_line(self.boards[0]._data) if self.boards else b"")
        found: Optional[str] = _native.headings(lines)[k]
        return found

    @property
    def event(self) -> Optional[str]:
        """The event: the set's, else the first board's ``Event`` tag."""
        return self._heading(0)

    @event.setter
    def event(self, value: Optional[str]) -> None:
        self._set_own("event", value)

    @property
    def site(self) -> Optional[str]:
        """The site: the set's, else the first board's ``Site`` tag."""
        return self._heading(1)

    @site.setter
    def site(self, value: Optional[str]) -> None:
        self._set_own("site", value)

    @property
    def date(self) -> Optional[str]:
        """The date as written: the set's, else the first board's ``Date``
        tag."""
        return self._heading(2)

    @date.setter
    def date(self, value: Optional[str]) -> None:
        self._set_own("date", value)

    def _set_own(self, key: str, value: Optional[str]) -> None:
        """The set's own value, and the boards' tag of that name where they
        have one (which formats such as PBN write instead), made the same."""
        if value is None:
            self._own.pop(key, None)
            return
        self._own[key] = value
        tag = key.capitalize()
        for b in self.boards:
            tags = b._data.get("tags")
            if isinstance(tags, dict) and tag in tags:
                b._data = dict(b._data, tags=dict(tags, **{tag: value}))

    def set_dict(self) -> Dict[str, Any]:
        """The set's own data as JSON Lines' ``{"set": ...}`` object's
        value (event, site and date only when the set gives them)."""
        d = dict(self.headers)
        d.update(self._own)
        return d

    def to_dicts(self) -> List[Dict[str, Any]]:
        """The boards as JSON Lines dicts."""
        return [b.to_dict() for b in self.boards]

    def to_table(self) -> Any:
        """The boards as a ``pyarrow.Table`` in :func:`boardfile.read_table`'s
        columns.

        >>> boardfile.deal(3, seed=10).to_table().column("board").to_pylist()
        [1, 2, 3]
        """
        from . import _lines, read_table

        return read_table(b"".join(_lines(self.to_dicts())), format="jsonl")

    def to_pandas(self) -> "pandas.DataFrame":
        """The boards as a pandas DataFrame in :func:`boardfile.read_table`'s
        columns."""
        return self.to_table().to_pandas()

    @overload
    def __getitem__(self, i: int) -> Board: ...

    @overload
    def __getitem__(self, i: slice) -> "BoardSet": ...

    def __getitem__(self, i: Union[int, slice]) -> Union[Board, "BoardSet"]:
        if isinstance(i, slice):
            return BoardSet(self.boards[i], headers=self.set_dict())  # own values kept
        return self.boards[i]

    def __len__(self) -> int:
        return len(self.boards)

    def __iter__(self) -> Iterator[Board]:
        return iter(self.boards)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, BoardSet)
            and self.boards == other.boards
            and self.set_dict() == other.set_dict()
        )

    __hash__ = None  # type: ignore[assignment]

    def solve(self, jobs: Optional[int] = None, force: bool = False) -> "BoardSet":
        """The set with every board's double-dummy table and par, solved on
        ``jobs`` threads (default: one a core)."""
        from . import _lines

        text = b"".join(_lines(self.to_dicts()))
        solved = _native.solve_lines(text, jobs, force)
        return BoardSet([json.loads(line) for line in solved.splitlines()], headers=self.set_dict())

    def play_values(self, jobs: Optional[int] = None) -> List[Optional[List[Dict[str, Any]]]]:
        """:meth:`Board.play_values` of every board, on ``jobs`` threads
        (default: one a core), the GIL released: a list a board (None for
        a board with nothing to value). A play that cannot be replayed
        raises :class:`BoardfileError` naming its board."""
        import os

        lines = b"\n".join(_line(b._data) for b in self.boards)
        out: List[Optional[List[Dict[str, Any]]]] = []
        for b, (text, error) in zip(self.boards, _native.play_values_many(lines, jobs or os.cpu_count() or 1)):
            if error is not None:
                raise BoardfileError(f"board {b.number}: {error}")
            out.append(None if text is None else json.loads(text)["cards"])
        return out

    def _repr_html_(self) -> str:
        shown = self.boards[:12]
        lines = b"\n".join(_line(b._data) for b in shown)
        head = ""
        title = " · ".join(str(x) for x in (self.event, self.site, self.date) if x)
        if title:
            head = f"<p><b>{_escape(title)}</b></p>"
        return head + _html(lines, len(self.boards) - len(shown))

    def __repr__(self) -> str:
        return f"<BoardSet of {len(self.boards)} boards{f' ({self.event})' if self.event else ''}>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
