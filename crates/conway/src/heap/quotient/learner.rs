//! The candidate quotients: an automaton learnt from the outcomes of positions.
//!
//! The table has a row for each element found so far, named by the position that reached it
//! (its word: the heaps added one at a time), and a column for each test position; an entry
//! says whether the row's position plus the test's is a P-position. Rows are distinct, so
//! each is an element; adding a heap to an element's position gives a row that is an element
//! already or a new one. A counterexample (a position whose outcome the candidate gets wrong)
//! brings all its suffixes in as tests, which splits at least one row (Maler and Pnueli's
//! refinement of Angluin's algorithm): the candidates grow until one is proved.

use super::oracle::Oracle;
use super::{Heap, Machine, Options};
use crate::engine::{Meter, SearchError};
use std::collections::HashMap;

/// Which tests a position passes, one bit per test.
type Row = Vec<u64>;

/// The table of candidate elements and tests.
pub(super) struct Learner {
    /// The largest heap plus one.
    stride: usize,
    /// The heaps added so far: 1 to `heaps`.
    heaps: Heap,
    /// Each element's word: its parent's word and one heap.
    words: Vec<Vec<Heap>>,
    /// Each test's word; every suffix of a test is a test.
    tests: Vec<Vec<Heap>>,
    rows: Vec<Row>,
    index: HashMap<Row, u32>,
    /// The row of each element's position plus each heap, at `element * stride + heap`.
    successors: Vec<Option<Row>>,
}

impl Learner {
    /// The table with the empty position alone, tested by the empty test.
    pub(super) fn new(
        stride: usize,
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<Learner, SearchError> {
        let mut learner = Learner {
            stride,
            heaps: 0,
            words: vec![Vec::new()],
            tests: vec![Vec::new()],
            rows: Vec::new(),
            index: HashMap::new(),
            successors: vec![None; stride],
        };
        let row = learner.row(&[], 0, Vec::new(), oracle, options, meter)?;
        learner.index.insert(row.clone(), 0);
        learner.rows.push(row);
        Ok(learner)
    }

    /// The table of a proved `machine` of the heaps up to `heaps`, whose states' positions are
    /// `words`: its tests tell every two states apart, and its rows come from the machine.
    pub(super) fn from_machine(machine: &Machine, words: Vec<Vec<Heap>>, heaps: Heap) -> Learner {
        let tests = telling_tests(machine, heaps);
        let rows: Vec<Row> = (0..machine.order() as u32)
            .map(|state| {
                let mut row = vec![0; tests.len().div_ceil(64)];
                for (column, test) in tests.iter().enumerate() {
                    if machine.p[machine.run(state, test) as usize] {
                        row[column / 64] |= 1 << (column % 64);
                    }
                }
                row
            })
            .collect();
        let stride = machine.stride;
        let mut successors = vec![None; rows.len() * stride];
        for state in 0..rows.len() {
            for heap in 1..=heaps {
                let next = machine.next(state as u32, heap) as usize;
                successors[state * stride + heap as usize] = Some(rows[next].clone());
            }
        }
        Learner {
            stride,
            heaps,
            words,
            tests,
            index: rows.iter().cloned().zip(0..).collect(),
            rows,
            successors,
        }
    }

    /// Takes heaps of `size` in: every element's position plus such a heap gets its row.
    pub(super) fn add_heap(
        &mut self,
        size: Heap,
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        self.heaps = size;
        self.close(oracle, options, meter)
    }

    /// Takes heaps of `size` in as the proved `machine` says they act: the row of an
    /// element's position plus such a heap is the row of the element the machine gives.
    pub(super) fn take_heap(&mut self, size: Heap, machine: &Machine) {
        self.heaps = size;
        for element in 0..self.rows.len() {
            let next = machine.next(element as u32, size) as usize;
            self.successors[element * self.stride + size as usize] = Some(self.rows[next].clone());
        }
    }

    /// The candidate: each element's successors, found by their rows.
    pub(super) fn machine(&self) -> Machine {
        let order = self.rows.len();
        let mut step = vec![0; order * self.stride];
        for (at, successor) in self.successors.iter().enumerate().take(order * self.stride) {
            if let Some(row) = successor {
                step[at] = self.index[row];
            }
        }
        Machine {
            stride: self.stride,
            step,
            p: self.rows.iter().map(|row| row[0] & 1 == 1).collect(),
        }
    }

    /// Each element's position, largest heap first.
    pub(super) fn representatives(&self) -> Vec<Vec<Heap>> {
        self.words.iter().map(|word| sorted(word, &[])).collect()
    }

    /// A word on which the candidate is wrong, if adding two heaps in the two orders leads it
    /// to different elements: the position is one, so one of the two runs (each followed by
    /// a test on which the two elements differ) gives the wrong outcome.
    pub(super) fn noncommuting_word(
        &self,
        machine: &Machine,
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<Option<Vec<Heap>>, SearchError> {
        for state in 0..machine.order() as u32 {
            for i in 1..=self.heaps {
                for j in i + 1..=self.heaps {
                    let one = machine.next(machine.next(state, i), j);
                    let other = machine.next(machine.next(state, j), i);
                    if one == other {
                        continue;
                    }
                    let word = &self.words[state as usize];
                    for test in &self.tests {
                        let position = sorted(word, &[&[i, j], test]);
                        let truth = oracle.is_p(position, options, meter)?;
                        for pair in [[i, j], [j, i]] {
                            let candidate: Vec<Heap> = [word.as_slice(), &pair, test].concat();
                            if machine.is_p(&candidate) != truth {
                                return Ok(Some(candidate));
                            }
                        }
                    }
                    unreachable!("two distinct elements differ on a test");
                }
            }
        }
        Ok(None)
    }

    /// Learns from a word whose outcome the candidate gets wrong: every proper suffix becomes a
    /// test.
    pub(super) fn learn_from(
        &mut self,
        word: &[Heap],
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        let order = self.rows.len();
        let first_new = self.tests.len();
        // The suffix that tells an element apart never starts at the first heap.
        for start in (1..word.len()).rev() {
            let suffix = &word[start..];
            if !self.tests.iter().any(|test| test == suffix) {
                self.tests.push(suffix.to_vec());
            }
        }
        for element in 0..order {
            let row = std::mem::take(&mut self.rows[element]);
            let word = self.words[element].clone();
            self.rows[element] = self.row(&word, first_new, row, oracle, options, meter)?;
        }
        self.index = (0..order as u32)
            .map(|element| (self.rows[element as usize].clone(), element))
            .collect();
        for at in 0..self.successors.len() {
            if let Some(row) = self.successors[at].take() {
                let word = self.successor_word(at);
                self.successors[at] =
                    Some(self.row(&word, first_new, row, oracle, options, meter)?);
            }
        }
        self.close(oracle, options, meter)?;
        assert!(
            self.rows.len() > order,
            "a counterexample's suffixes split an element"
        );
        Ok(())
    }

    /// Gives every element's position plus every heap taken in a row, and makes each new row
    /// an element.
    fn close(
        &mut self,
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        let mut element = 0;
        while element < self.rows.len() {
            for heap in 1..=self.heaps {
                let at = element * self.stride + heap as usize;
                if self.successors[at].is_none() {
                    let word = self.successor_word(at);
                    let row = self.row(&word, 0, Vec::new(), oracle, options, meter)?;
                    self.successors[at] = Some(row);
                }
                let row = self.successors[at].as_ref().expect("just computed");
                if !self.index.contains_key(row) {
                    let row = row.clone();
                    let word = self.successor_word(at);
                    self.add_element(word, row, meter)?;
                }
            }
            element += 1;
        }
        Ok(())
    }

    fn add_element(
        &mut self,
        word: Vec<Heap>,
        row: Row,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        let bytes = (self.stride * std::mem::size_of::<Option<Row>>()) as u64;
        meter.hold_more(bytes + 8 * row.len() as u64 + 4 * word.len() as u64)?;
        self.index.insert(row.clone(), self.rows.len() as u32);
        self.rows.push(row);
        self.words.push(word);
        self.successors.resize(self.rows.len() * self.stride, None);
        Ok(())
    }

    /// The word of the element at `at / stride` followed by the heap `at % stride`.
    fn successor_word(&self, at: usize) -> Vec<Heap> {
        let mut word = self.words[at / self.stride].clone();
        word.push((at % self.stride) as Heap);
        word
    }

    /// `row` extended by the tests from `from` on, for the position of `word`.
    fn row(
        &self,
        word: &[Heap],
        from: usize,
        mut row: Row,
        oracle: &mut Oracle,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<Row, SearchError> {
        for (column, test) in self.tests.iter().enumerate().skip(from) {
            if row.len() * 64 <= column {
                row.push(0);
            }
            if oracle.is_p(sorted(word, &[test]), options, meter)? {
                row[column / 64] |= 1 << (column % 64);
            }
        }
        Ok(row)
    }
}

/// Tests that tell every two states of a minimal `machine` of the heaps up to `heaps` apart,
/// every suffix of a test a test: for two states not yet told apart, the heaps that lead them
/// to a P-position and an N-position, and each suffix.
fn telling_tests(machine: &Machine, heaps: Heap) -> Vec<Vec<Heap>> {
    let mut tests: Vec<Vec<Heap>> = vec![Vec::new()];
    loop {
        let mut seen: HashMap<Vec<bool>, u32> = HashMap::new();
        let same = (0..machine.order() as u32).find_map(|state| {
            let row = tests
                .iter()
                .map(|test| machine.p[machine.run(state, test) as usize])
                .collect();
            seen.insert(row, state).map(|other| (other, state))
        });
        let Some((one, other)) = same else {
            return tests;
        };
        let word = telling_word(machine, one, other, heaps);
        for start in 0..word.len() {
            if !tests.iter().any(|test| test == &word[start..]) {
                tests.push(word[start..].to_vec());
            }
        }
    }
}

/// The shortest heaps that lead two states of a minimal machine to a P-position and an
/// N-position.
fn telling_word(machine: &Machine, one: u32, other: u32, heaps: Heap) -> Vec<Heap> {
    let mut parent: HashMap<(u32, u32), ((u32, u32), Heap)> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([(one, other)]);
    let mut end = None;
    while let Some((a, b)) = queue.pop_front() {
        if machine.p[a as usize] != machine.p[b as usize] {
            end = Some((a, b));
            break;
        }
        for heap in 1..=heaps {
            let next = (machine.next(a, heap), machine.next(b, heap));
            if next != (one, other) && !parent.contains_key(&next) {
                parent.insert(next, ((a, b), heap));
                queue.push_back(next);
            }
        }
    }
    let mut at = end.expect("two states of a minimal machine differ on some heaps");
    let mut word = Vec::new();
    while at != (one, other) {
        let (from, heap) = parent[&at];
        word.push(heap);
        at = from;
    }
    word.reverse();
    word
}

/// The heaps of `word` and of `more`, largest first.
fn sorted(word: &[Heap], more: &[&[Heap]]) -> Vec<Heap> {
    let mut position: Vec<Heap> = word
        .iter()
        .chain(more.iter().copied().flatten())
        .copied()
        .collect();
    position.sort_unstable_by(|a, b| b.cmp(a));
    position
}
