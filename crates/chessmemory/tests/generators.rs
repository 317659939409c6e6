//! Both generators, checked by the brute-force checker in `common`.

mod common;

use gridforge_chessmemory::{
    generate, ChessMemory, Effort, Game, GenerateError, GenerateParams, Method,
};
use std::collections::HashSet;

fn params(method: Method) -> GenerateParams {
    GenerateParams {
        method,
        ..GenerateParams::default()
    }
}

#[test]
fn ten_thousand_backtrack_setups_are_valid_and_distinct() {
    let results = ChessMemory::generate_batch(&params(Method::Backtrack), 0, 10_000);
    let mut seen = HashSet::new();
    for (seed, result) in results.into_iter().enumerate() {
        let generated = result.unwrap_or_else(|err| panic!("seed {seed}: {err}"));
        let text = generated.setup.to_string();
        assert!(common::has_right_counts(&text), "seed {seed}: {text}");
        assert_eq!(common::violations(&text), [], "seed {seed}: {text}");
        assert_eq!(generated.method, Method::Backtrack);
        // At least one node per pair placed.
        assert!(
            matches!(generated.effort, Effort::Nodes(n) if n >= 32),
            "seed {seed}: {:?}",
            generated.effort
        );
        assert!(seen.insert(text), "seed {seed} repeats an earlier setup");
    }
    assert_eq!(seen.len(), 10_000);
}

#[test]
fn restart_setups_are_valid_and_distinct() {
    let results = ChessMemory::generate_batch(&params(Method::Restart), 0, 200);
    let mut seen = HashSet::new();
    for (seed, result) in results.into_iter().enumerate() {
        let generated = result.unwrap_or_else(|err| panic!("seed {seed}: {err}"));
        let text = generated.setup.to_string();
        assert!(common::has_right_counts(&text), "seed {seed}: {text}");
        assert_eq!(common::violations(&text), [], "seed {seed}: {text}");
        assert!(matches!(generated.effort, Effort::Restarts(_)));
        assert!(seen.insert(text), "seed {seed} repeats an earlier setup");
    }
}

#[test]
fn the_same_seed_gives_the_same_setup() {
    for method in [Method::Backtrack, Method::Restart] {
        let batch = ChessMemory::generate_batch(&params(method), 40, 8);
        for (offset, batched) in batch.into_iter().enumerate() {
            let alone = generate(&params(method), 40 + offset as u64).unwrap();
            assert_eq!(batched.unwrap(), alone, "{method} seed {}", 40 + offset);
        }
        let a = generate(&params(method), 5).unwrap().setup;
        let b = generate(&params(method), 6).unwrap().setup;
        assert_ne!(a, b, "{method}: seeds 5 and 6");
    }
}

#[test]
fn reported_work_is_exactly_what_the_budget_must_allow() {
    for seed in 0..20 {
        // Backtrack: the reported node count is enough, one fewer is not.
        let backtrack = generate(&params(Method::Backtrack), seed).unwrap();
        let Effort::Nodes(nodes) = backtrack.effort else {
            panic!("backtrack reports nodes")
        };
        let exact = GenerateParams {
            node_budget: nodes,
            ..params(Method::Backtrack)
        };
        assert_eq!(generate(&exact, seed).unwrap(), backtrack);
        let short = GenerateParams {
            node_budget: nodes - 1,
            ..exact
        };
        assert_eq!(
            generate(&short, seed),
            Err(GenerateError::NodeBudgetExhausted { budget: nodes - 1 })
        );

        // Restart: likewise for restarts.
        let restart = generate(&params(Method::Restart), seed).unwrap();
        let Effort::Restarts(restarts) = restart.effort else {
            panic!("restart reports restarts")
        };
        let exact = GenerateParams {
            restart_budget: restarts,
            ..params(Method::Restart)
        };
        assert_eq!(generate(&exact, seed).unwrap(), restart);
        if restarts > 0 {
            let short = GenerateParams {
                restart_budget: restarts - 1,
                ..exact
            };
            assert_eq!(
                generate(&short, seed),
                Err(GenerateError::RestartBudgetExhausted {
                    budget: restarts - 1
                })
            );
        }
    }
}

#[test]
fn a_tiny_budget_is_a_typed_error_not_a_hang() {
    let tiny = GenerateParams {
        node_budget: 10,
        ..params(Method::Backtrack)
    };
    let err = generate(&tiny, 0).unwrap_err();
    assert_eq!(err, GenerateError::NodeBudgetExhausted { budget: 10 });
    assert!(err.to_string().contains("10 nodes"), "{err}");

    let none = GenerateParams {
        restart_budget: 0,
        ..params(Method::Restart)
    };
    // Almost every seed needs restarts; find one among the first few that does.
    let failing = (0..50)
        .map(|seed| generate(&none, seed))
        .find(Result::is_err)
        .expect("some seed needs a restart");
    assert_eq!(
        failing,
        Err(GenerateError::RestartBudgetExhausted { budget: 0 })
    );
}
