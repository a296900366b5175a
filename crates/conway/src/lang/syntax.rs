//! The parser: tokens to a syntax tree whose nodes know their columns.
//!
//! Precedence, loosest first (as in CGSuite):
//!
//! | level | operators | associativity |
//! |---|---|---|
//! | comparison | `==` `!=` `<=` `>=` `<` `>` `<>` `<\|` `\|>` | none: `a < b < c` is refused |
//! | sum | `+` `-` and binary `±` (`a ± b` is `a + ±b`) | left |
//! | product | `*` between two operands | left |
//! | ordinal sum | `:` | left |
//! | prefix | `-`, `±` / `+-` | right |
//! | postfix | `.name` and `.name(args)` | left |
//! | primary | literals, names, calls `f(args)`, `(expr)`, games `{L \| R}` | |
//!
//! **Literals.** A number-up-star literal is written without spaces: an optional number
//! (`3`, `3/8`), then optional arrows (`^`, `^^`, `v`, `vv`, or one arrow with a count: `^3`,
//! `v2`, or an uptimal: `^<3>` is ↑^3, `^[3]` is `↑^[3]`, `v<3>`, `v[3]`), then an optional star
//! (`*` or `*n`): `1/2^*3`, `vv*`, `3*`, `^*`, `1^<2>*`. Its parts are summed. A number may
//! also be followed directly by `Tiny(...)` or `Miny(...)`, as CGSuite prints them: `2Tiny(1)`
//! is 2 + Tiny(1).
//!
//! **The two meanings of `*`.** Where an operand may start, `*` is a nimber and takes the digits
//! directly after it (`*`, `*5`; `* 5` is `*` followed by a stray 5). After an operand, `*` is
//! multiplication, with one exception: directly after a number or arrows (no space), a `*` is
//! the star of the literal, unless an operand starts after it other than by its own digits. So
//! `3*` is 3 + \*, `3*2` is 3 + \*2, `^*3` is ↑ + \*3, but `3 * 2`, `3**2` and `3 * *2` are
//! products (with 2, \*2 and \*2) and `x*2` is `x` times 2. Put spaces around a multiplying `*`.
//!
//! **Ordinals.** `ordinal(...)` (any case, spaces allowed before the parenthesis) is an
//! ordinal and `*(...)`, written without a space, is its nimber; the text between the matching
//! parentheses is kept as written, for the ordinal reader (there `^` is a power: `w^2`). `*w`,
//! `*ω` and `*omega` are `*(w)`. Elsewhere `w` is an ordinary name.
//!
//! **Games.** `{L1, L2 | R1, R2}`; a run of `k` bars is a bar of height `k`, and the highest bar
//! of a game literal splits it: `{a || b | c}` is `{a | {b | c}}` and `{a | b || c}` is
//! `{{a | b} | c}`. Two bars of the same highest height in one literal are refused.
//!
//! **Depth.** Parentheses, braces, bars nested in a game, call and method arguments, method
//! calls and prefix operators each nest one level; more than [`MAX_DEPTH`] levels are refused
//! with an error naming the column, so no input can exhaust the stack. Binary chains
//! (`a + b * c : d`, any length) are read in a loop and kept flat, so they cost no depth.
//!
//! **Signs.** `+-` and `±` are one token: before an operand it is `±x`; between two operands it
//! is `a ± b`, that is `a + ±b`. Write `a + -b` (with a space) for a sum with a negative.
//! Before braces without a bar it takes a list of options: `+-{1, *}` is `{1, * | -1, *}`.

use super::token::{abbreviate, fraction_words, tokenize, Comparison, Tok, Token};
use super::LangError;

/// How deeply parentheses, braces, bars, arguments and prefix operators may nest.
///
/// The parser recurses once per level, and a level costs about 2 KiB of stack in an optimised
/// build but up to 9 KiB in a debug build; 128 levels stay near 1 MiB even then, within the
/// 2 MiB that a spawned thread gets by default. Deeper text is refused, not a crash.
pub const MAX_DEPTH: usize = 128;

/// A line of the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `let name = value`
    Let {
        /// The name bound.
        name: String,
        /// The column of the name.
        column: usize,
        /// The expression whose value is bound.
        value: Expr,
    },
    /// A bare expression.
    Expr(Expr),
}

/// An expression and the column where it starts (characters from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// Where the expression starts; for a comparison, where its operator stands.
    pub column: usize,
    /// What the expression is.
    pub kind: ExprKind,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// Digits, as written.
    Integer(String),
    /// `a/b`: a dyadic rational when `b` is a power of 2; anything else is refused by the
    /// evaluator.
    Fraction {
        /// The digits above the line.
        numerator: String,
        /// The digits below the line.
        denominator: String,
    },
    /// `*` (`None`) or `*n` (the digits of `n`).
    Nimber(Option<String>),
    /// `^<n>` (↑^n), `^[n]` (`↑^[n]` = ↑ + ↑^2 + ... + ↑^n), or their negatives `v<n>`, `v[n]`.
    Uptimal {
        /// `v` rather than `^`.
        down: bool,
        /// `[n]` rather than `<n>`.
        sum: bool,
        /// The digits of `n`.
        count: String,
    },
    /// Options in braces without a bar, which stand only after `±`: `+-{1, *}`.
    Options(Vec<Expr>),
    /// A run of arrows or one arrow with a count: `^^` is 2 ups, `v3` is 3 downs.
    Ups {
        /// Down (`v`) rather than up (`^`).
        down: bool,
        /// How many, as digits.
        count: String,
    },
    /// A number-up-star literal written without spaces, such as `1/2^*3`: the sum of its parts
    /// (each an [`ExprKind::Integer`], [`ExprKind::Fraction`], [`ExprKind::Ups`] or
    /// [`ExprKind::Nimber`]), in that order.
    Literal(Vec<Expr>),
    /// A name bound by `let`.
    Name(String),
    /// `name(args)`
    Call {
        /// The function.
        name: String,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `receiver.name` or `receiver.name(args)`
    Method {
        /// The value the method applies to.
        receiver: Box<Expr>,
        /// The method.
        name: String,
        /// The arguments, if there are parentheses.
        args: Option<Vec<Expr>>,
    },
    /// `{left | right}`
    Game {
        /// Left's options.
        left: Vec<Expr>,
        /// Right's options.
        right: Vec<Expr>,
    },
    /// An ordinal written as `conway ordinal` reads it, inside `ordinal(...)` (the ordinal
    /// itself) or `*(...)` (its nimber); `*w` is `*(w)`. The text is kept as written and read
    /// by the evaluator.
    Ordinal {
        /// The text between the parentheses (or `w` for `*w`).
        text: String,
        /// The column of the text's first character.
        at: usize,
        /// `*(...)`, the nimber of the ordinal, rather than `ordinal(...)`.
        nimber: bool,
    },
    /// `pass`: inside a loopy game, a move to the position whose options it is among.
    Pass,
    /// `a{L | R}`: a loopy game's position named `a`, to which its options may return by
    /// naming it (CGSuite's notation).
    Labelled {
        /// The name.
        label: String,
        /// The position, an [`ExprKind::Game`].
        game: Box<Expr>,
    },
    /// `s & t`: the loopy value with onside `s` and offside `t`.
    Sides {
        /// The onside.
        onside: Box<Expr>,
        /// The offside.
        offside: Box<Expr>,
    },
    /// `-x`
    Negate(Box<Expr>),
    /// `±x`, that is `{x | -x}`
    PlusMinus(Box<Expr>),
    /// A chain of operators of one precedence: `first op x op y ...`.
    Chain {
        /// The first operand.
        first: Box<Expr>,
        /// Each following operator with its column, and its operand.
        rest: Vec<(Op, usize, Expr)>,
    },
    /// `left op right`
    Compare {
        /// The comparison.
        op: Comparison,
        /// The left side.
        left: Box<Expr>,
        /// The right side.
        right: Box<Expr>,
    },
}

/// The binary operators that chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `±` between two operands: `a ± b` is `a + ±b`.
    PlusMinus,
    /// `*` between two operands.
    Multiply,
    /// `:`
    OrdinalSum,
}

/// The ways to write ω: after `*` they make the nimber `*w`.
pub(super) const OMEGA: [&str; 3] = ["w", "ω", "omega"];

/// Parses one line: `let name = expr` or an expression.
pub fn parse(text: &str) -> Result<Statement, LangError> {
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        tokens,
        text: text.chars().collect(),
        at: 0,
        depth: 0,
        end: text.chars().count() + 1,
    };
    if parser.tokens.is_empty() {
        return Err(LangError::Syntax {
            column: 1,
            message: "the expression is empty".to_string(),
        });
    }
    let statement = if parser.peek() == Some(&Tok::Let) {
        parser.at += 1;
        let column = parser.column();
        let name = match parser.peek() {
            Some(Tok::Ident(name)) => name.clone(),
            _ => return Err(parser.unexpected("a name after 'let'")),
        };
        parser.at += 1;
        if parser.peek() != Some(&Tok::Assign) {
            return Err(parser.unexpected("'=' after the name"));
        }
        parser.at += 1;
        let value = parser.expr()?;
        Statement::Let {
            name,
            column,
            value,
        }
    } else {
        Statement::Expr(parser.expr()?)
    };
    match parser.tokens.get(parser.at) {
        None => Ok(statement),
        Some(token) => Err(LangError::Syntax {
            column: token.column,
            message: match token.kind {
                Tok::Assign => "'=' binds a name after 'let'; to compare, write '=='".to_string(),
                Tok::Compare(_) => {
                    "comparisons do not chain; compare two values at a time".to_string()
                }
                Tok::RightParen => "')' without a matching '('".to_string(),
                Tok::RightBrace => "'}' without a matching '{'".to_string(),
                ref kind => format!(
                    "{} follows a complete expression (a function is called with parentheses: f(x, y))",
                    kind.describe()
                ),
            },
        }),
    }
}

struct Parser {
    tokens: Vec<Token>,
    /// The characters of the line, for the ordinals kept as written.
    text: Vec<char>,
    at: usize,
    /// How many levels of nesting enclose the current position.
    depth: usize,
    /// The column just after the text, where "the expression ended" errors point.
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.kind)
    }

    fn peek_at(&self, offset: usize) -> Option<&Token> {
        self.tokens.get(self.at + offset)
    }

    /// The column of the current token, or of the end of the text.
    fn column(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |t| t.column)
    }

    /// Whether the current token directly follows the previous one (no space between).
    fn touches_previous(&self) -> bool {
        self.at > 0
            && self
                .tokens
                .get(self.at)
                .is_some_and(|t| t.column == self.tokens[self.at - 1].end())
    }

    fn unexpected(&self, wanted: &str) -> LangError {
        LangError::Syntax {
            column: self.column(),
            message: match self.peek() {
                Some(kind) => format!("expected {wanted} but found {}", kind.describe()),
                None => format!("expected {wanted} but the expression ended"),
            },
        }
    }

    fn expect(&mut self, wanted: Tok, name: &str) -> Result<(), LangError> {
        if self.peek() == Some(&wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected(name))
        }
    }

    /// Enters one level of nesting at `column`, refusing to go past [`MAX_DEPTH`].
    fn enter(&mut self, column: usize) -> Result<(), LangError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(LangError::TooDeep {
                column,
                limit: MAX_DEPTH,
            })
        } else {
            Ok(())
        }
    }

    /// expr := sides (comparison sides)?
    fn expr(&mut self) -> Result<Expr, LangError> {
        let left = self.sides()?;
        let Some(&Tok::Compare(op)) = self.peek() else {
            return Ok(left);
        };
        let column = self.column();
        self.at += 1;
        let right = self.sides()?;
        Ok(Expr {
            column,
            kind: ExprKind::Compare {
                op,
                left: Box::new(left),
                right: Box::new(right),
            },
        })
    }

    /// sides := chain ('&' chain)?
    fn sides(&mut self) -> Result<Expr, LangError> {
        let onside = self.chain()?;
        if self.peek() != Some(&Tok::Ampersand) {
            return Ok(onside);
        }
        let column = self.column();
        self.at += 1;
        let offside = self.chain()?;
        Ok(Expr {
            column,
            kind: ExprKind::Sides {
                onside: Box::new(onside),
                offside: Box::new(offside),
            },
        })
    }

    /// chain := operand (op operand)*, read in a loop and then grouped by precedence, so that
    /// neither a long chain nor the number of precedence levels costs stack.
    fn chain(&mut self) -> Result<Expr, LangError> {
        let mut operands = vec![self.operand()?];
        let mut operators = Vec::new();
        while let Some(op) = self.peek().and_then(binary_operator) {
            operators.push((op, self.column()));
            self.at += 1;
            operands.push(self.operand()?);
        }
        Ok(group(operands, operators, 0))
    }

    /// operand := ('-' | '±')* primary ('.' name ('(' args ')')?)*
    ///
    /// Prefix operators and method calls are read in loops; each still counts as a level of
    /// nesting, since each nests the tree.
    fn operand(&mut self) -> Result<Expr, LangError> {
        let depth = self.depth;
        let mut prefixes = Vec::new();
        while let Some(t) = self.tokens.get(self.at) {
            let negate = match t.kind {
                Tok::Minus => true,
                Tok::PlusMinus => false,
                _ => break,
            };
            let column = t.column;
            self.enter(column)?;
            prefixes.push((negate, column));
            self.at += 1;
        }
        let mut expr = self.primary()?;
        if matches!(expr.kind, ExprKind::Options(_)) && prefixes.last().is_none_or(|p| p.0) {
            return Err(LangError::Syntax {
                column: expr.column,
                message: "a game needs a bar between Left's and Right's options: {L | R} (options \
                          without a bar stand only after +-, as in +-{1, *})"
                    .to_string(),
            });
        }
        if let Some(&(true, minus)) = prefixes.last() {
            if let Some(signed) = sign_number_part(&expr, minus) {
                expr = signed;
                prefixes.pop();
            }
        }
        while self.peek() == Some(&Tok::Dot) {
            let column = self.column();
            self.at += 1;
            let name = match self.peek() {
                Some(Tok::Ident(name)) => name.clone(),
                _ => return Err(self.unexpected("a method name after '.'")),
            };
            self.at += 1;
            self.enter(column)?;
            let args = if self.peek() == Some(&Tok::LeftParen) {
                Some(self.arguments()?)
            } else {
                None
            };
            expr = Expr {
                column,
                kind: ExprKind::Method {
                    receiver: Box::new(expr),
                    name,
                    args,
                },
            };
        }
        for (negate, column) in prefixes.into_iter().rev() {
            let inner = Box::new(expr);
            expr = Expr {
                column,
                kind: if negate {
                    ExprKind::Negate(inner)
                } else {
                    ExprKind::PlusMinus(inner)
                },
            };
        }
        self.depth = depth;
        Ok(expr)
    }

    /// primary := '(' expr ')' | game | ordinal | name | name '(' args ')' | literal
    fn primary(&mut self) -> Result<Expr, LangError> {
        let column = self.column();
        Ok(match self.peek() {
            Some(Tok::LeftParen) => {
                self.at += 1;
                self.enter(column)?;
                let inner = self.expr()?;
                self.expect(Tok::RightParen, "')'")?;
                self.depth -= 1;
                inner
            }
            Some(Tok::LeftBrace) => self.game()?,
            Some(Tok::Ident(name))
                if name.eq_ignore_ascii_case("ordinal")
                    && self.peek_at(1).is_some_and(|t| t.kind == Tok::LeftParen) =>
            {
                self.at += 1;
                self.ordinal(column, false)?
            }
            Some(Tok::Star) if self.next_touches(Tok::LeftParen) => {
                self.at += 1;
                self.ordinal(column, true)?
            }
            Some(Tok::Star) if self.omega_follows() => {
                self.at += 2;
                if self.peek() == Some(&Tok::Up(1)) && self.touches_previous() {
                    return Err(LangError::Syntax {
                        column: self.column(),
                        message: "'^' after *w would be up: write the nimber of a power of w \
                                  in parentheses, as *(w^2)"
                            .to_string(),
                    });
                }
                Expr {
                    column,
                    kind: ExprKind::Ordinal {
                        text: "w".to_string(),
                        at: column + 1,
                        nimber: true,
                    },
                }
            }
            Some(Tok::Ident(name)) if name == "pass" => {
                self.at += 1;
                Expr {
                    column,
                    kind: ExprKind::Pass,
                }
            }
            Some(Tok::Ident(_)) if self.next_touches(Tok::LeftBrace) => {
                let Some(Tok::Ident(label)) = self.peek().cloned() else {
                    unreachable!("a name")
                };
                self.at += 1;
                let game = self.game()?;
                Expr {
                    column,
                    kind: ExprKind::Labelled {
                        label,
                        game: Box::new(game),
                    },
                }
            }
            Some(Tok::Ident(name)) => {
                let name = name.clone();
                self.at += 1;
                let kind = if self.peek() == Some(&Tok::LeftParen) {
                    let args = self.arguments()?;
                    ExprKind::Call { name, args }
                } else {
                    ExprKind::Name(name)
                };
                Expr { column, kind }
            }
            Some(
                Tok::Integer(_)
                | Tok::Fraction { .. }
                | Tok::Up(_)
                | Tok::Down(_)
                | Tok::Uptimal { .. }
                | Tok::Star,
            ) => self.literal()?,
            Some(Tok::Slash) => return Err(stray_slash(column)),
            _ => return Err(self.unexpected("a value")),
        })
    }

    /// Whether the token after this one is `kind`, written directly after it.
    fn next_touches(&self, kind: Tok) -> bool {
        let here = &self.tokens[self.at];
        self.peek_at(1)
            .is_some_and(|next| next.kind == kind && next.column == here.end())
    }

    /// Whether ω (`w`, `ω` or `omega`) is written directly after this token.
    fn omega_follows(&self) -> bool {
        let here = &self.tokens[self.at];
        self.peek_at(1).is_some_and(|next| {
            next.column == here.end()
                && matches!(&next.kind, Tok::Ident(name) if OMEGA.contains(&name.as_str()))
        })
    }

    /// The ordinal in the parentheses that start at the current token, kept as written: its
    /// own syntax (`w^2*3 + 1`) is not the language's, so only the parentheses are matched.
    fn ordinal(&mut self, column: usize, nimber: bool) -> Result<Expr, LangError> {
        let open = self.tokens[self.at].column;
        let mut depth = 0usize;
        for close in self.at..self.tokens.len() {
            match self.tokens[close].kind {
                Tok::LeftParen => depth += 1,
                Tok::RightParen => depth -= 1,
                _ => continue,
            }
            if depth == 0 {
                let end = self.tokens[close].column;
                self.at = close + 1;
                return Ok(Expr {
                    column,
                    kind: ExprKind::Ordinal {
                        text: self.text[open..end - 1].iter().collect(),
                        at: open + 1,
                        nimber,
                    },
                });
            }
        }
        Err(LangError::Syntax {
            column: open,
            message: "'(' without a matching ')'".to_string(),
        })
    }

    /// '(' (expr (',' expr)*)? ')', one level deeper.
    fn arguments(&mut self) -> Result<Vec<Expr>, LangError> {
        let column = self.column();
        self.expect(Tok::LeftParen, "'('")?;
        self.enter(column)?;
        let mut args = Vec::new();
        if self.peek() != Some(&Tok::RightParen) {
            loop {
                args.push(self.expr()?);
                if self.peek() != Some(&Tok::Comma) {
                    break;
                }
                self.at += 1;
            }
        }
        self.expect(Tok::RightParen, "',' or ')'")?;
        self.depth -= 1;
        Ok(args)
    }

    /// A number-up-star literal: [number] [arrows [count]] [star [count]], parts touching.
    fn literal(&mut self) -> Result<Expr, LangError> {
        let column = self.column();
        let mut parts = Vec::new();
        if let Some(Tok::Integer(_) | Tok::Fraction { .. }) = self.peek() {
            let token = &self.tokens[self.at];
            parts.push(Expr {
                column: token.column,
                kind: match &token.kind {
                    Tok::Integer(digits) => ExprKind::Integer(digits.clone()),
                    Tok::Fraction {
                        numerator,
                        denominator,
                    } => ExprKind::Fraction {
                        numerator: numerator.clone(),
                        denominator: denominator.clone(),
                    },
                    _ => unreachable!("matched above"),
                },
            });
            self.at += 1;
            if let Some(call) = self.tiny_after_number()? {
                parts.push(call);
                return Ok(Expr {
                    column,
                    kind: ExprKind::Literal(parts),
                });
            }
        }
        if let Some(Tok::Uptimal { down, sum, count }) = self.peek() {
            if parts.is_empty() || self.touches_previous() {
                parts.push(Expr {
                    column: self.column(),
                    kind: ExprKind::Uptimal {
                        down: *down,
                        sum: *sum,
                        count: count.clone(),
                    },
                });
                self.at += 1;
            }
        } else if let Some(&(Tok::Up(run) | Tok::Down(run))) = self.peek() {
            if parts.is_empty() || self.touches_previous() {
                let down = matches!(self.peek(), Some(Tok::Down(_)));
                let arrows = self.column();
                self.at += 1;
                let mut count = run.to_string();
                if let (Some(Tok::Integer(digits)), true) = (self.peek(), self.touches_previous()) {
                    if run > 1 {
                        return Err(LangError::Syntax {
                            column: self.column(),
                            message: format!(
                                "a count follows a single arrow: write {}{digits}, not {}{digits}",
                                if down { "v" } else { "^" },
                                if down { "v" } else { "^" }.repeat(run.min(8)),
                            ),
                        });
                    }
                    count = digits.clone();
                    self.at += 1;
                }
                parts.push(Expr {
                    column: arrows,
                    kind: ExprKind::Ups { down, count },
                });
            }
        }
        if self.peek() == Some(&Tok::Star) && (parts.is_empty() || self.star_is_suffix()) {
            let star = self.column();
            self.at += 1;
            let mut digits = None;
            if let (Some(Tok::Integer(d)), true) = (self.peek(), self.touches_previous()) {
                digits = Some(d.clone());
                self.at += 1;
            }
            parts.push(Expr {
                column: star,
                kind: ExprKind::Nimber(digits),
            });
        }
        Ok(if parts.len() == 1 {
            parts.pop().expect("one part")
        } else {
            Expr {
                column,
                kind: ExprKind::Literal(parts),
            }
        })
    }

    /// `Tiny(...)` or `Miny(...)` written directly after a number, as CGSuite prints `2Tiny(1)`.
    fn tiny_after_number(&mut self) -> Result<Option<Expr>, LangError> {
        let is_tiny = matches!(self.peek(), Some(Tok::Ident(name))
            if name.eq_ignore_ascii_case("tiny") || name.eq_ignore_ascii_case("miny"));
        let called = matches!(self.peek_at(1), Some(t) if t.kind == Tok::LeftParen);
        if is_tiny && called && self.touches_previous() {
            return self.primary().map(Some);
        }
        Ok(None)
    }

    /// Whether the `*` here, after a number or arrows, is the literal's star rather than
    /// multiplication: it touches them, and what follows is its own digits or no operand.
    fn star_is_suffix(&self) -> bool {
        if !self.touches_previous() {
            return false;
        }
        let star = &self.tokens[self.at];
        match self.peek_at(1) {
            Some(next) if next.column == star.end() && matches!(next.kind, Tok::Integer(_)) => true,
            Some(next) => !matches!(
                next.kind,
                Tok::Integer(_)
                    | Tok::Fraction { .. }
                    | Tok::Star
                    | Tok::Up(_)
                    | Tok::Down(_)
                    | Tok::Uptimal { .. }
                    | Tok::Ident(_)
                    | Tok::LeftParen
                    | Tok::LeftBrace
            ),
            None => true,
        }
    }

    /// '{' items '}', where items are options separated by ',' and bars of any height.
    fn game(&mut self) -> Result<Expr, LangError> {
        let column = self.column();
        self.at += 1;
        self.enter(column)?;
        let mut items = Vec::new();
        loop {
            match self.tokens.get(self.at) {
                Some(Token {
                    kind: Tok::RightBrace,
                    ..
                }) => {
                    self.at += 1;
                    break;
                }
                Some(Token {
                    kind: Tok::Bar(height),
                    column,
                    ..
                }) => {
                    items.push(Item::Bar(*height, *column));
                    self.at += 1;
                }
                Some(Token {
                    kind: Tok::Comma,
                    column,
                    ..
                }) => {
                    items.push(Item::Comma(*column));
                    self.at += 1;
                }
                Some(_) => {
                    if matches!(items.last(), Some(Item::Option(_))) {
                        return Err(self.unexpected("',', '|' or '}'"));
                    }
                    items.push(Item::Option(self.expr()?));
                }
                None => return Err(self.unexpected("'}'")),
            }
        }
        let game = split_game(items, column, self.depth)?;
        self.depth -= 1;
        Ok(game)
    }
}

/// The binary operator a token stands for after an operand.
fn binary_operator(token: &Tok) -> Option<Op> {
    match token {
        Tok::Plus => Some(Op::Add),
        Tok::Minus => Some(Op::Subtract),
        Tok::PlusMinus => Some(Op::PlusMinus),
        Tok::Star => Some(Op::Multiply),
        Tok::Colon => Some(Op::OrdinalSum),
        _ => None,
    }
}

/// How tightly an operator binds: sums 0, products 1, ordinal sums 2.
fn precedence(op: Op) -> u8 {
    match op {
        Op::Add | Op::Subtract | Op::PlusMinus => 0,
        Op::Multiply => 1,
        Op::OrdinalSum => 2,
    }
}

/// Groups `operands` joined by `operators` (one fewer) into flat chains, splitting at the
/// operators of precedence `level` and grouping each piece at the next level.
fn group(mut operands: Vec<Expr>, operators: Vec<(Op, usize)>, level: u8) -> Expr {
    if operators.is_empty() {
        return operands.pop().expect("one operand");
    }
    let mut operands = operands.into_iter();
    let first = operands.next().expect("one operand more than operators");
    let mut pieces = vec![(None, vec![first], Vec::new())];
    for (op, operand) in operators.into_iter().zip(operands) {
        if precedence(op.0) == level {
            pieces.push((Some(op), vec![operand], Vec::new()));
        } else {
            let piece = pieces.last_mut().expect("a piece");
            piece.1.push(operand);
            piece.2.push(op);
        }
    }
    let mut pieces = pieces
        .into_iter()
        .map(|(op, operands, operators)| (op, group(operands, operators, level + 1)));
    let (_, first) = pieces.next().expect("a piece");
    let rest: Vec<(Op, usize, Expr)> = pieces
        .map(|(op, expr)| {
            let (op, column) = op.expect("pieces after the first follow an operator");
            (op, column, expr)
        })
        .collect();
    if rest.is_empty() {
        first
    } else {
        Expr {
            column: first.column,
            kind: ExprKind::Chain {
                first: Box::new(first),
                rest,
            },
        }
    }
}

/// A minus touching a number-up-star literal that starts with a number signs that number
/// alone: `-7/2^` is −7/2 + ↑, as the printer writes it, not −(7/2 + ↑). (With a space,
/// `- 7/2^` negates the whole literal.) `None` where the minus at column `minus` is an
/// ordinary prefix.
fn sign_number_part(expr: &Expr, minus: usize) -> Option<Expr> {
    let ExprKind::Literal(parts) = &expr.kind else {
        return None;
    };
    let first = parts.first()?;
    let is_number = matches!(first.kind, ExprKind::Integer(_) | ExprKind::Fraction { .. });
    if !is_number || first.column != minus + 1 {
        return None;
    }
    let mut parts = parts.clone();
    parts[0] = Expr {
        column: minus,
        kind: ExprKind::Negate(Box::new(parts[0].clone())),
    };
    Some(Expr {
        column: minus,
        kind: ExprKind::Literal(parts),
    })
}

#[cold]
fn stray_slash(column: usize) -> LangError {
    LangError::Syntax {
        column,
        message: "'/' stands only inside a number such as 3/8, written without spaces".to_string(),
    }
}

/// One piece of a game literal between its braces.
enum Item {
    Option(Expr),
    Comma(usize),
    Bar(usize, usize),
}

/// Builds a game from the pieces between its braces: the highest bar splits it, and a side
/// that holds bars of its own is one game nested at that side.
fn split_game(items: Vec<Item>, column: usize, depth: usize) -> Result<Expr, LangError> {
    let Some(height) = items
        .iter()
        .filter_map(|item| match item {
            Item::Bar(height, _) => Some(*height),
            _ => None,
        })
        .max()
    else {
        return Ok(Expr {
            column,
            kind: ExprKind::Options(side(items, column, depth)?),
        });
    };
    let mut bars = items.iter().enumerate().filter_map(|(i, item)| match item {
        Item::Bar(h, column) if *h == height => Some((i, *column)),
        _ => None,
    });
    let (split, _) = bars.next().expect("the highest bar is there");
    if let Some((_, second)) = bars.next() {
        return Err(LangError::Syntax {
            column: second,
            message: format!(
                "a second bar '{bar}' at the same height in one game; use a higher bar for the \
                 outer game, as in {{a |{bar} b {bar} c}}",
                bar = "|".repeat(height.min(8)),
            ),
        });
    }
    let mut left = items;
    let right = left.split_off(split + 1);
    left.pop();
    Ok(Expr {
        column,
        kind: ExprKind::Game {
            left: side(left, column, depth)?,
            right: side(right, column, depth)?,
        },
    })
}

/// The options on one side of a bar: a list separated by commas, or one nested game.
fn side(items: Vec<Item>, column: usize, depth: usize) -> Result<Vec<Expr>, LangError> {
    if items.iter().any(|item| matches!(item, Item::Bar(..))) {
        let start = match items.first() {
            Some(Item::Option(e)) => e.column,
            Some(Item::Comma(c) | Item::Bar(_, c)) => *c,
            None => column,
        };
        if depth + 1 > MAX_DEPTH {
            return Err(LangError::TooDeep {
                column: start,
                limit: MAX_DEPTH,
            });
        }
        return Ok(vec![split_game(items, start, depth + 1)?]);
    }
    let mut options = Vec::new();
    let mut last_comma = None;
    for item in items {
        match item {
            Item::Option(e) => {
                options.push(e);
                last_comma = None;
            }
            Item::Comma(c) if options.is_empty() || last_comma.is_some() => {
                return Err(LangError::Syntax {
                    column: c,
                    message: "expected an option before ','".to_string(),
                })
            }
            Item::Comma(c) => last_comma = Some(c),
            Item::Bar(..) => unreachable!("no bars on this side"),
        }
    }
    if let Some(c) = last_comma {
        return Err(LangError::Syntax {
            column: c,
            message: "expected an option after ','".to_string(),
        });
    }
    Ok(options)
}

impl Expr {
    /// The expression's kind in a few words, for messages.
    pub fn describe(&self) -> String {
        match &self.kind {
            ExprKind::Integer(digits) => format!("the integer {}", abbreviate(digits)),
            ExprKind::Fraction {
                numerator,
                denominator,
            } => fraction_words(numerator, denominator),
            ExprKind::Nimber(_) => "a nimber".to_string(),
            ExprKind::Ups { down: false, .. } => "up (^)".to_string(),
            ExprKind::Ups { down: true, .. } => "down (v)".to_string(),
            ExprKind::Literal(_) => "a number-up-star literal".to_string(),
            ExprKind::Name(name) => format!("'{name}'"),
            ExprKind::Call { name, .. } => format!("{name}(...)"),
            ExprKind::Method { name, .. } => format!("the method .{name}"),
            ExprKind::Game { .. } => "a game literal {L | R}".to_string(),
            ExprKind::Options(_) => "options in braces without a bar".to_string(),
            ExprKind::Uptimal { sum: false, .. } => "an uptimal ^<n>".to_string(),
            ExprKind::Uptimal { sum: true, .. } => "an uptimal ^[n]".to_string(),
            ExprKind::Ordinal { nimber: false, .. } => "an ordinal".to_string(),
            ExprKind::Ordinal { nimber: true, .. } => "a transfinite nimber".to_string(),
            ExprKind::Negate(_) => "a negation".to_string(),
            ExprKind::Pass => "pass".to_string(),
            ExprKind::Labelled { label, .. } => format!("the position '{label}'"),
            ExprKind::Sides { .. } => "sides s & t".to_string(),
            ExprKind::PlusMinus(_) => "±x".to_string(),
            ExprKind::Chain { .. } => "an expression".to_string(),
            ExprKind::Compare { op, .. } => format!("a comparison '{}'", op.symbol()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> Expr {
        match parse(text) {
            Ok(Statement::Expr(e)) => e,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn error(text: &str) -> (usize, String) {
        match parse(text) {
            Err(LangError::Syntax { column, message }) => (column, message),
            Err(LangError::TooDeep { column, .. }) => (column, "too deep".into()),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn int(column: usize, digits: &str) -> Expr {
        Expr {
            column,
            kind: ExprKind::Integer(digits.into()),
        }
    }

    fn star(column: usize, digits: Option<&str>) -> Expr {
        Expr {
            column,
            kind: ExprKind::Nimber(digits.map(Into::into)),
        }
    }

    #[test]
    fn nested_bars_bind_loosest_when_highest() {
        // {2 || 1 | 0} is {2 | {1 | 0}}.
        let e = expr("{2 || 1 | 0}");
        let ExprKind::Game { left, right } = e.kind else {
            panic!()
        };
        assert_eq!(left, vec![int(2, "2")]);
        assert_eq!(right.len(), 1);
        assert_eq!(
            right[0].kind,
            ExprKind::Game {
                left: vec![int(7, "1")],
                right: vec![int(11, "0")]
            }
        );
        // {a | b || c} is {{a | b} | c}.
        let ExprKind::Game { left, right } = expr("{1|0||-1}").kind else {
            panic!()
        };
        assert!(matches!(left[0].kind, ExprKind::Game { .. }));
        assert_eq!(right.len(), 1);
        assert_eq!(
            expr("{|}").kind,
            ExprKind::Game {
                left: vec![],
                right: vec![]
            }
        );
        assert_eq!(error("{1 | 2 | 3}").0, 8);
        assert_eq!(error("{1, | 2}").0, 3);
        assert_eq!(error("{1 2 | 3}").0, 4);
        assert_eq!(error("{1, 2}").0, 1);
    }

    #[test]
    fn star_is_a_nimber_where_an_operand_starts() {
        assert_eq!(expr("*"), star(1, None));
        assert_eq!(expr("*12"), star(1, Some("12")));
        // 3 * *2 and 3**2 are products with *2.
        for text in ["3 * *2", "3**2"] {
            let ExprKind::Chain { first, rest } = expr(text).kind else {
                panic!("{text}")
            };
            assert_eq!(first.kind, ExprKind::Integer("3".into()));
            assert_eq!(rest[0].0, Op::Multiply);
            assert_eq!(rest[0].2.kind, ExprKind::Nimber(Some("2".into())));
        }
        // 3 * 2 is a product, 3*2 is the literal 3 + *2, and 3* is 3 + *.
        assert!(matches!(expr("3 * 2").kind, ExprKind::Chain { .. }));
        assert_eq!(
            expr("3*2").kind,
            ExprKind::Literal(vec![int(1, "3"), star(2, Some("2"))])
        );
        assert_eq!(
            expr("3*").kind,
            ExprKind::Literal(vec![int(1, "3"), star(2, None)])
        );
        assert_eq!(
            expr("^*").kind,
            ExprKind::Literal(vec![
                Expr {
                    column: 1,
                    kind: ExprKind::Ups {
                        down: false,
                        count: "1".into()
                    }
                },
                star(2, None)
            ])
        );
        assert!(matches!(expr("1/2vv*3").kind, ExprKind::Literal(ref p) if p.len() == 3));
        assert_eq!(
            expr("^3").kind,
            ExprKind::Ups {
                down: false,
                count: "3".into()
            }
        );
        assert_eq!(error("^^3").0, 3);
        assert_eq!(error("* 5").0, 3);
    }

    #[test]
    fn precedence_follows_cgsuite() {
        // a + b * c : -d.e(1) == f is (a + (b * (c : (-(d.e(1)))))) == f.
        let ExprKind::Compare { op, left, right } = expr("a + b * c : -d.e(1) == f").kind else {
            panic!()
        };
        assert_eq!(op, Comparison::Equal);
        assert_eq!(right.kind, ExprKind::Name("f".into()));
        let ExprKind::Chain { rest, .. } = left.kind else {
            panic!()
        };
        assert_eq!(rest[0].0, Op::Add);
        let ExprKind::Chain { rest, .. } = &rest[0].2.kind else {
            panic!()
        };
        assert_eq!(rest[0].0, Op::Multiply);
        let ExprKind::Chain { rest, .. } = &rest[0].2.kind else {
            panic!()
        };
        assert_eq!(rest[0].0, Op::OrdinalSum);
        let ExprKind::Negate(inner) = &rest[0].2.kind else {
            panic!()
        };
        assert!(matches!(inner.kind, ExprKind::Method { ref name, .. } if name == "e"));
        assert!(matches!(expr("G.cool(1)").kind, ExprKind::Method { .. }));
        assert!(matches!(expr("+-1").kind, ExprKind::PlusMinus(_)));
        assert!(matches!(expr("±1").kind, ExprKind::PlusMinus(_)));
        assert!(
            matches!(expr("3 +- 1").kind, ExprKind::Chain { ref rest, .. } if rest[0].0 == Op::PlusMinus)
        );
    }

    #[test]
    fn statements() {
        assert_eq!(
            parse("let a = *3"),
            Ok(Statement::Let {
                name: "a".into(),
                column: 5,
                value: star(9, Some("3"))
            })
        );
        assert_eq!(error("let = 3").0, 5);
        assert_eq!(error("let v = 3").0, 5);
        assert_eq!(error("a = 3").0, 3);
        assert_eq!(error("1 < 2 < 3").0, 7);
        assert_eq!(error("").0, 1);
    }

    #[test]
    fn errors_point_at_the_column() {
        assert_eq!(
            error("{1 | 2"),
            (7, "expected '}' but the expression ended".into())
        );
        assert_eq!(error("*3 )"), (4, "')' without a matching '('".into()));
        assert_eq!(error("nimprod(1,").0, 11);
        assert_eq!(error("3 / 8").0, 3);
        assert_eq!(error("G.").0, 3);
    }

    #[test]
    fn nesting_is_bounded() {
        let ok = format!("{}*{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let deep = format!(
            "{}*{}",
            "(".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(
            parse(&deep),
            Err(LangError::TooDeep {
                column: MAX_DEPTH + 1,
                limit: MAX_DEPTH
            })
        );
        assert!(matches!(
            parse(&format!("{{{}|}}", "|".repeat(3))),
            Ok(Statement::Expr(_))
        ));
    }
}
