// A localStorage stand-in for the unit tests of the storage modules: the
// Storage calls they make, over a Map the tests can look into (`items`).

/** An empty in-memory storage with getItem, setItem, removeItem and `items`. */
export function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
    items,
  };
}
