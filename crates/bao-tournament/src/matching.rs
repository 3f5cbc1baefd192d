//! The pairing of a round as a minimum-cost perfect matching (the blossom algorithm of `integer-blossom`).

use integer_blossom::min_weight_perfect_matching;

/// Pairs `n` players at the least total cost, `cost(i, j)` (symmetric, non-negative) being the cost of
/// pairing players `i` and `j` and `alone(i)` the cost of leaving player `i` unpaired (a bye, or waiting for
/// the next pairing). When `n` is odd exactly one player is left out; when it is even nobody is.
///
/// Returns the pairs `(i, j)` with `i < j`, in the order of their lower index, and the player left out.
pub(crate) fn pair_at_least_cost(
    n: usize,
    cost: impl Fn(usize, usize) -> i128,
    alone: impl Fn(usize) -> i128,
) -> (Vec<(usize, usize)>, Option<usize>) {
    // An odd count gets a stand-in vertex: whoever is paired with it is the one left out.
    let m = if n % 2 == 1 { n + 1 } else { n };
    let mut matrix = vec![0i128; m * m];
    for i in 0..m {
        for j in (i + 1)..m {
            matrix[i * m + j] = if j == n { alone(i) } else { cost(i, j) };
        }
    }
    let mate = min_weight_perfect_matching(&matrix, m);
    let mut pairs = Vec::with_capacity(n / 2);
    let mut left_out = None;
    for (i, &j) in mate.iter().enumerate().take(n) {
        if j == n {
            left_out = Some(i);
        } else if i < j {
            pairs.push((i, j));
        }
    }
    (pairs, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheapest_pairs_are_chosen() {
        // 0-1 and 2-3 are cheap; 0-2, 1-3 dear.
        let cheap = |i: usize, j: usize| if (i / 2) == (j / 2) { 1 } else { 10 };
        let (pairs, left) = pair_at_least_cost(4, cheap, |_| 0);
        assert_eq!(pairs, vec![(0, 1), (2, 3)]);
        assert_eq!(left, None);
    }

    #[test]
    fn an_odd_count_leaves_out_the_cheapest_to_leave() {
        let (pairs, left) = pair_at_least_cost(3, |_, _| 1, |i| if i == 1 { 0 } else { 100 });
        assert_eq!(pairs, vec![(0, 2)]);
        assert_eq!(left, Some(1));
    }

    #[test]
    fn nobody_and_one_player() {
        assert_eq!(pair_at_least_cost(0, |_, _| 0, |_| 0), (vec![], None));
        assert_eq!(pair_at_least_cost(1, |_, _| 0, |_| 0), (vec![], Some(0)));
    }
}
