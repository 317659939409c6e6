//! One exchange round between every worker of a timely computation: each
//! worker sends its items to the workers they are routed to, and returns once
//! it has received every item routed to it by anyone.
//!
//! A round is a dataflow of its own (an input, an exchange, a sink), closed
//! as soon as the worker has sent everything, so "every item has arrived" is
//! just "the sink's input frontier is empty". Building a small dataflow per
//! round costs far less than a step of the census's dynamic program.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::Input;
use timely::dataflow::InputHandle;
use timely::worker::Worker;
use timely::ExchangeData;

/// Items sent between two chances to drain what other workers sent, so that
/// received items do not pile up in the channels while a worker is busy
/// sending.
const SEND_BETWEEN_STEPS: usize = 1024;

/// The longest a waiting worker sleeps before looking again.
const PARK: Duration = Duration::from_millis(20);

/// Sends every item to worker `route(item) % peers` and hands each item this
/// worker receives to `receive`; returns when every worker's items have been
/// received everywhere.
///
/// Every worker must call this the same number of times in the same order
/// (timely matches dataflows by the order they are built in).
pub(crate) fn round<T, I, R, F>(worker: &mut Worker, items: I, route: R, mut receive: F)
where
    T: ExchangeData + Clone,
    I: IntoIterator<Item = T>,
    R: Fn(&T) -> u64 + 'static,
    F: FnMut(T) + 'static,
{
    let done = Rc::new(Cell::new(false));
    let mut input = InputHandle::<u64, CapacityContainerBuilder<Vec<T>>>::new();
    let finished = Rc::clone(&done);
    worker.dataflow::<u64, _, _>(|scope| {
        scope.input_from(&mut input).sink(
            Exchange::new(move |item: &T| route(item)),
            "Receive",
            move |(input, frontier)| {
                input.for_each(|_, batch| batch.drain(..).for_each(&mut receive));
                if frontier.is_empty() {
                    finished.set(true);
                }
            },
        );
    });
    for (n, item) in items.into_iter().enumerate() {
        input.send(item);
        if n % SEND_BETWEEN_STEPS == SEND_BETWEEN_STEPS - 1 {
            worker.step();
        }
    }
    // Closing the input tells every other worker this one sends no more.
    drop(input);
    // Parked between steps: a worker waiting for a slower one leaves it the
    // core (timely wakes it when a message arrives; the timeout is a guard).
    while !done.get() {
        worker.step_or_park(Some(PARK));
    }
}
