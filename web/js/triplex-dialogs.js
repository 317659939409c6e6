// The three Triplex dialogs of index.html, shared by the families (Triplex,
// BlockPuzzle): the code dialog (open a level by its number and code), the
// name dialog (the first solver of a level may leave a name in the table of
// records), the account offer (an anonymous solve that would have been the
// first: only accounts claim) and the hint dialog (says, before the first hint, that a hinted
// solve is never first nor best).

/** Undoes the wiring of the code dialog's last opening: it serves one family at a time. */
let unwireCodeDialog = null;

/**
 * The code dialog of one family's `levels` (triplex-levels.js, which checks
 * codes); `opened(n)` runs when a code opened level n. Returns
 * `open(number, note)`, which shows the dialog with the number filled in (or
 * empty for null) and `note` above the fields (a level opened by its address
 * is locked: it says so), wired to these levels until it closes.
 */
export function createCodeDialog({ levels, t, opened }) {
  const dialog = document.getElementById("code-dialog");
  const form = document.getElementById("code-form");
  const cancel = document.getElementById("code-cancel");
  const numberInput = document.getElementById("code-number");
  const codeInput = document.getElementById("code-code");
  const error = document.getElementById("code-error");
  const noteEl = document.getElementById("code-note");

  async function submit() {
    const total = levels.total;
    const n = Number(numberInput.value);
    if (!Number.isInteger(n) || n < 1 || n > total) {
      error.textContent = t("code.badNumber", { total });
      return;
    }
    const outcome = await levels.tryCode(n, codeInput.value);
    if (outcome === "format") {
      error.textContent = t("code.badFormat");
      return;
    }
    if (outcome === "wrong") {
      error.textContent = t("code.wrong", { number: n });
      return;
    }
    dialog.close();
    opened(n);
  }

  return function open(number, note = null) {
    unwireCodeDialog?.();
    const onSubmit = (e) => {
      e.preventDefault();
      submit();
    };
    const onCancel = () => dialog.close();
    const unwire = () => {
      form.removeEventListener("submit", onSubmit);
      cancel.removeEventListener("click", onCancel);
      dialog.removeEventListener("close", unwire);
      if (unwireCodeDialog === unwire) unwireCodeDialog = null;
    };
    form.addEventListener("submit", onSubmit);
    cancel.addEventListener("click", onCancel);
    dialog.addEventListener("close", unwire);
    unwireCodeDialog = unwire;
    numberInput.max = String(levels.total);
    numberInput.value = number ? String(number) : "";
    codeInput.value = "";
    error.textContent = "";
    noteEl.textContent = note ?? "";
    noteEl.hidden = !note;
    if (!dialog.open) dialog.showModal();
    (number ? codeInput : numberInput).focus();
  };
}

/** What a dialog's `submitted` answers to stay open (the input was refused). */
const STAY_OPEN = Symbol("stay open");

/**
 * Shows the dialog `id` (its form `${id}-form`, its dismiss button
 * `dismissId`) until the form is submitted or the dialog dismissed (the
 * button, Escape), then closes it and resolves: to what
 * `submitted()` gives (it may be async; STAY_OPEN keeps the dialog open), or
 * to `dismissed`. `focusId` is focused when it opens.
 */
function showDialog(id, { dismissId, focusId, submitted = () => true, dismissed = false }) {
  const dialog = document.getElementById(id);
  const form = document.getElementById(`${id.replace(/-dialog$/, "")}-form`);
  const dismiss = document.getElementById(dismissId);
  return new Promise((resolve) => {
    const done = (value) => {
      form.removeEventListener("submit", onSubmit);
      dismiss.removeEventListener("click", onDismiss);
      dialog.removeEventListener("cancel", onDismiss);
      dialog.close();
      resolve(value);
    };
    const onSubmit = async (e) => {
      e.preventDefault();
      const value = await submitted();
      if (value !== STAY_OPEN) done(value);
    };
    const onDismiss = (e) => {
      e.preventDefault();
      done(dismissed);
    };
    form.addEventListener("submit", onSubmit);
    dismiss.addEventListener("click", onDismiss);
    dialog.addEventListener("cancel", onDismiss);
    dialog.showModal();
    document.getElementById(focusId).focus();
  });
}

/**
 * Asks the first solver of a level for a name, starting from `initial`;
 * `submit(name)` resolves to true when the server took it. Resolves to the
 * name, or null if skipped. `heading` (text) says why the name is asked
 * when it is not a first solve (the daily puzzles ask it before play).
 */
export function askName({ t, initial, submit, heading = null }) {
  document.querySelector("#name-dialog h2").textContent = heading ?? t("name.heading");
  const input = document.getElementById("name-input");
  const error = document.getElementById("name-error");
  input.value = initial ?? "";
  error.textContent = "";
  return showDialog("name-dialog", {
    dismissId: "name-skip",
    focusId: "name-input",
    dismissed: null,
    async submitted() {
      const name = input.value.trim();
      if (!name || [...name].length > 32) {
        error.textContent = t("name.invalid");
        return STAY_OPEN;
      }
      if (await submit(name)) return name;
      error.textContent = t("name.refused");
      return STAY_OPEN;
    },
  });
}

/**
 * Tells an anonymous player who solved a level nobody has claimed that only
 * accounts claim first solves (issue 38), and offers the account screen.
 * Resolves to true when they choose to make an account or sign in.
 */
export function offerAccount() {
  return showDialog("claim-dialog", { dismissId: "claim-skip", focusId: "claim-account" });
}

/**
 * Says what a hint costs (the solve is recorded as hinted: never first
 * solver nor best time) and asks whether to show a piece. Resolves to true
 * to go on.
 */
export function confirmHint() {
  return showDialog("hint-dialog", { dismissId: "hint-cancel", focusId: "hint-show" });
}
