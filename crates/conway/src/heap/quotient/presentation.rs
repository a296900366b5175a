//! A quotient written as the papers write it: generators, each element as a product of
//! generators in a normal form, and the relations that reduce every other product.
//!
//! The generators are the heaps, in order, whose elements the smaller heaps do not generate
//! (named `a`, `b`, `c`, …). The normal form of an element is the first product of
//! generators found to reach it, by degree; a relation `u = v` is written for each product
//! `u` that is not a normal form although every product it is divided by one generator is:
//! rewriting by the relations takes any product to its normal form.

use super::{Element, Quotient};
use std::fmt;

/// A product of generators, as the exponent of each.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Product(pub Vec<u32>);

impl Product {
    fn degree(&self) -> u32 {
        self.0.iter().sum()
    }

    fn times(&self, generator: usize) -> Product {
        let mut exponents = self.0.clone();
        exponents[generator] += 1;
        Product(exponents)
    }
}

/// The name of the generator with this index: `a` to `z`, then `g27`, `g28`, ….
pub fn generator_name(index: usize) -> String {
    match u8::try_from(index).ok().filter(|&i| i < 26) {
        Some(i) => char::from(b'a' + i).to_string(),
        None => format!("g{}", index + 1),
    }
}

impl fmt::Display for Product {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.degree() == 0 {
            return f.write_str("1");
        }
        for (index, &exponent) in self.0.iter().enumerate() {
            match exponent {
                0 => {}
                1 => f.write_str(&generator_name(index))?,
                n => write!(f, "{}^{n}", generator_name(index))?,
            }
        }
        Ok(())
    }
}

/// Generators, normal forms and relations of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap size of each generator.
    pub generators: Vec<u64>,
    /// The normal form of each element.
    pub normal_forms: Vec<Product>,
    /// The relations, by degree of their left side.
    pub relations: Vec<(Product, Product)>,
}

impl Presentation {
    /// The presentation of `quotient`.
    pub fn of(quotient: &Quotient) -> Presentation {
        let generators = generators(quotient);
        let elements: Vec<Element> = generators
            .iter()
            .map(|&heap| quotient.heap(heap).expect("a heap of the quotient"))
            .collect();
        let normal_forms = normal_forms(quotient, &elements);
        let relations = relations(quotient, &elements, &normal_forms);
        Presentation {
            generators,
            normal_forms,
            relations,
        }
    }
}

/// The heaps whose elements the smaller heaps do not generate.
fn generators(quotient: &Quotient) -> Vec<u64> {
    let mut generated = vec![false; quotient.order()];
    generated[0] = true;
    let mut generators = Vec::new();
    for heap in 1..=quotient.largest_heap() {
        let x = quotient.heap(heap).expect("a heap of the quotient");
        if generated[x] {
            continue;
        }
        generators.push(heap);
        let mut queue: Vec<Element> = (0..quotient.order()).filter(|&e| generated[e]).collect();
        while let Some(e) = queue.pop() {
            let next = quotient.product(e, x);
            if !generated[next] {
                generated[next] = true;
                queue.push(next);
            }
        }
    }
    generators
}

/// The first product of generators found to reach each element, by degree.
fn normal_forms(quotient: &Quotient, generators: &[Element]) -> Vec<Product> {
    let mut forms: Vec<Option<Product>> = vec![None; quotient.order()];
    forms[0] = Some(Product(vec![0; generators.len()]));
    let mut frontier = vec![0];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for e in frontier {
            for (g, &x) in generators.iter().enumerate() {
                let product = quotient.product(e, x);
                if forms[product].is_none() {
                    forms[product] = Some(forms[e].as_ref().expect("reached").times(g));
                    next.push(product);
                }
            }
        }
        frontier = next;
    }
    forms
        .into_iter()
        .map(|form| form.expect("the generators generate the quotient"))
        .collect()
}

/// The relations: each product one generator past a normal form that is not itself one,
/// though every division of it by a generator is.
fn relations(
    quotient: &Quotient,
    generators: &[Element],
    forms: &[Product],
) -> Vec<(Product, Product)> {
    let normal: std::collections::HashSet<&Product> = forms.iter().collect();
    let mut relations = Vec::new();
    for (e, form) in forms.iter().enumerate() {
        for (g, &x) in generators.iter().enumerate() {
            let left = form.times(g);
            let right = &forms[quotient.product(e, x)];
            if *right == left {
                continue;
            }
            let minimal = (0..generators.len()).filter(|&h| left.0[h] > 0).all(|h| {
                let mut divided = left.0.clone();
                divided[h] -= 1;
                normal.contains(&Product(divided))
            });
            if minimal {
                relations.push((left, right.clone()));
            }
        }
    }
    // By degree, then `a` before `b`.
    relations.sort_by(|x, y| (x.0.degree(), &y.0).cmp(&(y.0.degree(), &x.0)));
    relations.dedup();
    relations
}

impl fmt::Display for Presentation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.generators.len()).map(generator_name).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(left, right)| format!("{left} = {right}"))
            .collect();
        write!(f, "<{} | {}>", names.join(", "), relations.join(", "))
    }
}
