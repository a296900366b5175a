"""Claims checked for counterexamples: a published formula that is false as printed, its
correction, and claims about P-positions with their witnesses."""

import conway


def primes_of(n):
    """The prime factors of n, ascending, with multiplicity."""
    found, p = [], 2
    while n > 1:
        while n % p == 0:
            found.append(p)
            n //= p
        p += 1
    return found


def maundy_as_printed(rows, cols):
    """The textbook's value of a Maundy cake as printed: sums of primes where the truth has
    products (book-ch6-8.md, example 7.3). Left divides the columns."""
    p, q = primes_of(cols), primes_of(rows)
    if len(p) == len(q):
        return 0
    if len(p) > len(q):
        return 1 + sum(p[len(q) + 1 :])
    return -(1 + sum(q[len(p) + 1 :]))


def maundy_corrected(rows, cols):
    """The corrected value: 1 + p_l + p_l p_(l-1) + ... + p_l ... p_(r+2)."""
    p, q = primes_of(cols), primes_of(rows)
    if len(p) == len(q):
        return 0
    sign, more, fewer = (1, p, q) if len(p) > len(q) else (-1, q, p)
    total, product = 1, 1
    for prime in reversed(more[len(fewer) + 1 :]):
        product *= prime
        total += product
    return sign * total


CAKES = [(rows, cols) for rows in range(1, 17) for cols in range(1, 17)]


def cake(rows, cols):
    return f"{rows}x{cols}"


def test_the_printed_maundy_formula_is_false_and_the_counterexample_is_the_texts():
    found = conway.check(
        "maundy", [cake(*c) for c in CAKES], lambda text: maundy_as_printed(*map(int, text.split("x")))
    )
    assert found is not None
    assert found.position == "1x8"
    assert (found.claimed, found.actual) == (5, 7)
    assert "1x8" in str(found)


def test_the_corrected_maundy_formula_holds():
    assert (
        conway.check(
            "maundy",
            [cake(*c) for c in CAKES],
            lambda text: maundy_corrected(*map(int, text.split("x"))),
        )
        is None
    )


def test_a_claimed_p_position_that_is_not_has_a_winning_move_as_witness():
    found = conway.check(
        "subtraction:1,3,4", [str(n) for n in range(50)], lambda n: int(n) % 7 in (0, 2, 4)
    )
    assert found.position == "4" and (found.claimed, found.actual) == ("P", "N")
    assert str(found.witness.to) == "0"
    assert "wins" in str(found)


def test_a_claimed_n_position_that_is_p_has_no_witness():
    found = conway.check("subtraction:1,3,4", [str(n) for n in range(50)], lambda n: int(n) % 7 == 0)
    assert found.position == "2" and (found.claimed, found.actual) == ("N", "P")
    assert found.witness is None and "no move wins" in str(found)


def test_a_true_claim_about_p_positions_holds():
    claim = lambda n: int(n) % 7 in (0, 2)  # noqa: E731
    assert conway.check("subtraction:1,3,4", [str(n) for n in range(300)], claim) is None


def test_claims_about_nim_values_and_outcomes():
    assert conway.check("nim", ["1 2 3", "4 5", "7"], lambda p: {"1 2 3": 0, "4 5": 1, "7": 7}[p]) is None
    found = conway.check("domineering", ["..", ".|.", "..|.."], lambda p: "P")
    assert found.position == ".." and found.actual == "R"
