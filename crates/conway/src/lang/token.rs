//! The tokenizer: text to tokens, each with the column (in characters, from 1) where it starts.
//!
//! Numbers keep their digits as text: how large a number may be depends on where it stands
//! (a nimber, a field element, an integer game), so only the evaluator decides.
//!
//! Rules for the characters that could be read two ways:
//! - `3/8` (digits, `/`, digits, without spaces) is one number token; a `/` anywhere else is a
//!   [`Tok::Slash`] of its own, which the grammar refuses.
//! - A word is a letter or `_` followed by letters, digits and `_`. A word made only of `v`s is
//!   down (`v`, `vv`, `vvv`: a [`Tok::Down`] run); a word of one or more `v`s followed by digits
//!   is that run followed by the number (`v3` is down-count 3, like `^3`). Every other word is a
//!   name, so `val` and `v1x` are names; `let` is the keyword. `ω` is a word of its own (the
//!   parser reads `*ω` as the nimber of ω).
//! - A run of `|` is one bar whose height is the run's length (`||` binds looser than `|`).
//!   `<|` (less or confused) and `|>` (greater or confused) are single tokens: a `<` directly
//!   followed by `|` is always `<|`, and a `|` directly followed by `>` is always `|>` (so `||>`
//!   is a bar `|` then `|>`). Neither `<` nor `>` can stand next to a bar in a valid expression,
//!   so nothing is lost; put a space between them to get the other reading and its error.
//! - `+-` and `±` are the same token; `<>` is "confused with", `<=`, `>=`, `==`, `!=` are the
//!   comparisons, and a single `=` is the binding of `let`.
//! - `^` runs are one token (`^^` is double up).
//! - A single arrow directly followed by `<digits>` or `[digits]` is one uptimal token, as
//!   CGSuite writes them: `^<3>` is ↑^3 (up-third), `^[3]` is `↑^[3]` = ↑ + ↑^2 + ↑^3, and `v<3>`,
//!   `v[3]` their negatives. (So `^<3>` is never "↑ less than 3 greater than"; comparisons do
//!   not chain anyway.)

use super::LangError;

/// A token and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: Tok,
    /// The column of its first character, counting characters from 1.
    pub column: usize,
    /// Its length in characters.
    pub width: usize,
}

impl Token {
    /// The column just after the token: the next token touches this one if it starts here.
    pub fn end(&self) -> usize {
        self.column + self.width
    }
}

/// The kinds of token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// Decimal digits, as written.
    Integer(String),
    /// `a/b` written without spaces: the digits of the numerator and the denominator.
    Fraction {
        /// The digits above the line.
        numerator: String,
        /// The digits below the line.
        denominator: String,
    },
    /// A `/` that is not part of a number.
    Slash,
    /// `*`: a nimber or multiplication, as the grammar decides.
    Star,
    /// A run of `^` (up); the number is its length.
    Up(usize),
    /// A run of `v` standing as a word (down); the number is its length.
    Down(usize),
    /// `^<n>` (↑^n), `^[n]` (`↑^[n]`) and their negatives `v<n>`, `v[n]`.
    Uptimal {
        /// `v` rather than `^`.
        down: bool,
        /// `[n]` (the sum ↑ + ↑^2 + ... + ↑^n) rather than `<n>` (↑^n alone).
        sum: bool,
        /// The digits of `n`.
        count: String,
    },
    /// A name.
    Ident(String),
    /// The keyword `let`.
    Let,
    /// `{`
    LeftBrace,
    /// `}`
    RightBrace,
    /// A run of `|`; the number is its height.
    Bar(usize),
    /// `,`
    Comma,
    /// `(`
    LeftParen,
    /// `)`
    RightParen,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `+-` or `±`
    PlusMinus,
    /// `:` (ordinal sum)
    Colon,
    /// `&`: the sides of a loopy value, onside & offside.
    Ampersand,
    /// `.` (method call)
    Dot,
    /// A comparison operator.
    Compare(Comparison),
    /// `=` (the binding of `let`)
    Assign,
}

/// The comparison operators of the game order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `<=`
    LessOrEqual,
    /// `>=`
    GreaterOrEqual,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<>`: confused with (incomparable)
    Confused,
    /// `<|`: less than or confused with, i.e. not `>=`
    LessOrConfused,
    /// `|>`: greater than or confused with, i.e. not `<=`
    GreaterOrConfused,
}

impl Comparison {
    /// Whether the comparison holds between two values of which the first is `<=` the second
    /// (`leq`) and `>=` it (`geq`): both for equal values, neither for confused ones.
    pub fn holds(self, leq: bool, geq: bool) -> bool {
        match self {
            Comparison::LessOrEqual => leq,
            Comparison::GreaterOrEqual => geq,
            Comparison::Less => leq && !geq,
            Comparison::Greater => geq && !leq,
            Comparison::Equal => leq && geq,
            Comparison::NotEqual => !(leq && geq),
            Comparison::Confused => !leq && !geq,
            Comparison::LessOrConfused => !geq,
            Comparison::GreaterOrConfused => !leq,
        }
    }

    /// The operator as it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::LessOrEqual => "<=",
            Comparison::GreaterOrEqual => ">=",
            Comparison::Less => "<",
            Comparison::Greater => ">",
            Comparison::Equal => "==",
            Comparison::NotEqual => "!=",
            Comparison::Confused => "<>",
            Comparison::LessOrConfused => "<|",
            Comparison::GreaterOrConfused => "|>",
        }
    }
}

impl Tok {
    /// The token as a user would name it in a message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Integer(digits) => format!("the number {}", abbreviate(digits)),
            Tok::Fraction {
                numerator,
                denominator,
            } => fraction_words(numerator, denominator),
            Tok::Ident(name) => format!("the name '{}'", abbreviate(name)),
            Tok::Up(n) => format!("'{}'", "^".repeat(*n.min(&8))),
            Tok::Down(n) => format!("'{}'", "v".repeat(*n.min(&8))),
            Tok::Uptimal { down, sum, count } => {
                let (open, close) = if *sum { ('[', ']') } else { ('<', '>') };
                let arrow = if *down { 'v' } else { '^' };
                format!("'{arrow}{open}{}{close}'", abbreviate(count))
            }
            Tok::Bar(n) => format!("'{}'", "|".repeat(*n.min(&8))),
            Tok::Compare(c) => format!("'{}'", c.symbol()),
            other => format!(
                "'{}'",
                match other {
                    Tok::Slash => "/",
                    Tok::Star => "*",
                    Tok::Let => "let",
                    Tok::LeftBrace => "{",
                    Tok::RightBrace => "}",
                    Tok::Comma => ",",
                    Tok::LeftParen => "(",
                    Tok::RightParen => ")",
                    Tok::Plus => "+",
                    Tok::Minus => "-",
                    Tok::PlusMinus => "+-",
                    Tok::Colon => ":",
                    Tok::Ampersand => "&",
                    Tok::Dot => ".",
                    _ => "=",
                }
            ),
        }
    }
}

/// Shortens a long run of digits or letters for a message: the first and last digits and the
/// length.
pub(crate) fn abbreviate(text: &str) -> String {
    let count = text.chars().count();
    if count <= 48 {
        text.to_string()
    } else {
        let head: String = text.chars().take(20).collect();
        let tail: String = text.chars().skip(count - 8).collect();
        format!("{head}…{tail} ({count} characters)")
    }
}

/// A fraction as messages name it: "the number 3/8".
pub(super) fn fraction_words(numerator: &str, denominator: &str) -> String {
    format!(
        "the number {}/{}",
        abbreviate(numerator),
        abbreviate(denominator)
    )
}

/// Splits text into tokens. Whitespace separates tokens and is otherwise ignored.
pub fn tokenize(text: &str) -> Result<Vec<Token>, LangError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    let run = |from: usize, pred: &dyn Fn(char) -> bool| {
        let mut end = from;
        while end < chars.len() && pred(chars[end]) {
            end += 1;
        }
        end
    };
    while at < chars.len() {
        let c = chars[at];
        let next = chars.get(at + 1).copied();
        let start = at;
        let mut push = |kind: Tok, width: usize| {
            tokens.push(Token {
                kind,
                column: start + 1,
                width,
            })
        };
        if c.is_whitespace() {
            at += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let end = run(at, &|c| c.is_ascii_digit());
            let numerator: String = chars[at..end].iter().collect();
            let has_denominator = chars.get(end) == Some(&'/')
                && chars.get(end + 1).is_some_and(|c| c.is_ascii_digit());
            if has_denominator {
                let below = run(end + 1, &|c| c.is_ascii_digit());
                let denominator = chars[end + 1..below].iter().collect();
                push(
                    Tok::Fraction {
                        numerator,
                        denominator,
                    },
                    below - at,
                );
                at = below;
            } else {
                push(Tok::Integer(numerator), end - at);
                at = end;
            }
            continue;
        }
        if c == 'ω' {
            push(Tok::Ident("ω".to_string()), 1);
            at += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let end = run(at, &|c| c.is_ascii_alphanumeric() || c == '_');
            let word: String = chars[at..end].iter().collect();
            let vs = word.chars().take_while(|&c| c == 'v').count();
            let rest = &word[vs..];
            if word == "v" {
                if let Some((token, width)) = uptimal(&chars, end, true) {
                    push(token, 1 + width);
                    at = end + width;
                    continue;
                }
            }
            if vs > 0 && rest.chars().all(|c| c.is_ascii_digit()) {
                push(Tok::Down(vs), vs);
                if !rest.is_empty() {
                    tokens.push(Token {
                        kind: Tok::Integer(rest.to_string()),
                        column: start + vs + 1,
                        width: end - at - vs,
                    });
                }
            } else if word == "let" {
                push(Tok::Let, 3);
            } else {
                push(Tok::Ident(word), end - at);
            }
            at = end;
            continue;
        }
        let (kind, width) = match (c, next) {
            ('^', _) => {
                let end = run(at, &|c| c == '^');
                match uptimal(&chars, end, false) {
                    Some((token, width)) if end == at + 1 => (token, 1 + width),
                    _ => (Tok::Up(end - at), end - at),
                }
            }
            ('|', Some('>')) => (Tok::Compare(Comparison::GreaterOrConfused), 2),
            ('|', _) => {
                let mut end = run(at, &|c| c == '|');
                if chars.get(end) == Some(&'>') {
                    end -= 1; // the last `|` belongs to `|>`
                }
                (Tok::Bar(end - at), end - at)
            }
            ('<', Some('=')) => (Tok::Compare(Comparison::LessOrEqual), 2),
            ('<', Some('>')) => (Tok::Compare(Comparison::Confused), 2),
            ('<', Some('|')) => (Tok::Compare(Comparison::LessOrConfused), 2),
            ('<', _) => (Tok::Compare(Comparison::Less), 1),
            ('>', Some('=')) => (Tok::Compare(Comparison::GreaterOrEqual), 2),
            ('>', _) => (Tok::Compare(Comparison::Greater), 1),
            ('=', Some('=')) => (Tok::Compare(Comparison::Equal), 2),
            ('=', _) => (Tok::Assign, 1),
            ('!', Some('=')) => (Tok::Compare(Comparison::NotEqual), 2),
            ('+', Some('-')) => (Tok::PlusMinus, 2),
            ('±', _) => (Tok::PlusMinus, 1),
            ('+', _) => (Tok::Plus, 1),
            ('-', _) => (Tok::Minus, 1),
            ('*', _) => (Tok::Star, 1),
            ('/', _) => (Tok::Slash, 1),
            ('{', _) => (Tok::LeftBrace, 1),
            ('}', _) => (Tok::RightBrace, 1),
            ('(', _) => (Tok::LeftParen, 1),
            (')', _) => (Tok::RightParen, 1),
            (',', _) => (Tok::Comma, 1),
            (':', _) => (Tok::Colon, 1),
            ('&', _) => (Tok::Ampersand, 1),
            ('.', _) => (Tok::Dot, 1),
            ('!', _) => {
                return Err(LangError::Syntax {
                    column: at + 1,
                    message: "'!' stands only in '!=' (not equal)".to_string(),
                })
            }
            _ => {
                return Err(LangError::Syntax {
                    column: at + 1,
                    message: format!("unexpected character '{}'", c.escape_debug()),
                })
            }
        };
        push(kind, width);
        at += width;
    }
    Ok(tokens)
}

/// The uptimal token whose arrow ends just before `at`, if `<digits>` or `[digits]` follows:
/// the token and the width of its bracketed count.
fn uptimal(chars: &[char], at: usize, down: bool) -> Option<(Tok, usize)> {
    let (sum, close) = match chars.get(at)? {
        '<' => (false, '>'),
        '[' => (true, ']'),
        _ => return None,
    };
    let digits = chars[at + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || chars.get(at + 1 + digits) != Some(&close) {
        return None;
    }
    let count = chars[at + 1..at + 1 + digits].iter().collect();
    Some((Tok::Uptimal { down, sum, count }, digits + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uptimals_are_one_token() {
        let up = |down, sum, count: &str| Tok::Uptimal {
            down,
            sum,
            count: count.to_string(),
        };
        assert_eq!(kinds("^<3>"), vec![up(false, false, "3")]);
        assert_eq!(kinds("v[12]*"), vec![up(true, true, "12"), Tok::Star]);
        assert_eq!(
            kinds("1/2^<2>"),
            vec![
                Tok::Fraction {
                    numerator: "1".into(),
                    denominator: "2".into()
                },
                up(false, false, "2")
            ]
        );
        assert_eq!(kinds("^^<2>")[0], Tok::Up(2));
        assert_eq!(kinds("^ < 2")[0], Tok::Up(1));
    }

    fn kinds(text: &str) -> Vec<Tok> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn numbers_keep_their_digits() {
        let big = "123456789012345678901234567890123456789012345";
        assert_eq!(kinds(big), vec![Tok::Integer(big.into())]);
        assert_eq!(
            kinds("3/8"),
            vec![Tok::Fraction {
                numerator: "3".into(),
                denominator: "8".into()
            }]
        );
        assert_eq!(
            kinds("3 / 8"),
            vec![
                Tok::Integer("3".into()),
                Tok::Slash,
                Tok::Integer("8".into())
            ]
        );
    }

    #[test]
    fn down_and_names() {
        assert_eq!(kinds("v"), vec![Tok::Down(1)]);
        assert_eq!(kinds("vv*"), vec![Tok::Down(2), Tok::Star]);
        assert_eq!(kinds("v3"), vec![Tok::Down(1), Tok::Integer("3".into())]);
        assert_eq!(kinds("val"), vec![Tok::Ident("val".into())]);
        assert_eq!(kinds("v1x"), vec![Tok::Ident("v1x".into())]);
        assert_eq!(kinds("let"), vec![Tok::Let]);
        assert_eq!(kinds("lets"), vec![Tok::Ident("lets".into())]);
        assert_eq!(kinds("^^*"), vec![Tok::Up(2), Tok::Star]);
    }

    #[test]
    fn bars_and_comparisons() {
        assert_eq!(
            kinds("{2 || 1 | 0}"),
            vec![
                Tok::LeftBrace,
                Tok::Integer("2".into()),
                Tok::Bar(2),
                Tok::Integer("1".into()),
                Tok::Bar(1),
                Tok::Integer("0".into()),
                Tok::RightBrace
            ]
        );
        assert_eq!(
            kinds("<| |> ||> <> <= >= == != = < >"),
            vec![
                Tok::Compare(Comparison::LessOrConfused),
                Tok::Compare(Comparison::GreaterOrConfused),
                Tok::Bar(1),
                Tok::Compare(Comparison::GreaterOrConfused),
                Tok::Compare(Comparison::Confused),
                Tok::Compare(Comparison::LessOrEqual),
                Tok::Compare(Comparison::GreaterOrEqual),
                Tok::Compare(Comparison::Equal),
                Tok::Compare(Comparison::NotEqual),
                Tok::Assign,
                Tok::Compare(Comparison::Less),
                Tok::Compare(Comparison::Greater),
            ]
        );
        assert_eq!(kinds("+- ±"), vec![Tok::PlusMinus, Tok::PlusMinus]);
    }

    #[test]
    fn columns_count_characters() {
        let tokens = tokenize("±1 + *3").unwrap();
        let columns: Vec<usize> = tokens.iter().map(|t| t.column).collect();
        assert_eq!(columns, vec![1, 2, 4, 6, 7]);
        assert_eq!(
            tokenize("*3 % 1"),
            Err(LangError::Syntax {
                column: 4,
                message: "unexpected character '%'".into()
            })
        );
    }
}
