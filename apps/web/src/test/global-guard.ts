/**
 * Catches a test that leaves a global replaced. The web tests share one module graph and one jsdom
 * window per test process (`isolate: false`), so a `window.fetch = …`, an `Object.assign(URL, …)` or a
 * prototype method put in place without `vi.stubGlobal` / `vi.spyOn` would reach every later test file
 * in that process. setup.ts takes a snapshot before each test (and each file), undoes Vitest's own
 * stubs and spies after it, then asks here what is still different: that is put back and named in an
 * error, so the leaking test fails instead of some later file.
 */

/** The objects whose own properties a test could replace and a later file would see. */
function watched(): [string, object][] {
  return [
    ['globalThis', globalThis],
    ['navigator', navigator],
    ['document', document],
    ['URL', URL],
    ['Node.prototype', Node.prototype],
    ['Element.prototype', Element.prototype],
    ['HTMLElement.prototype', HTMLElement.prototype],
    ['HTMLCanvasElement.prototype', HTMLCanvasElement.prototype],
  ];
}

/**
 * Own properties that change by themselves: symbol-keyed ones (libraries' markers and state, such as
 * Vitest's matcher state and user-event's patch marker), React's event-listening marker on the
 * document, and Vitest's worker state (per file).
 */
const changesByItself = (key: PropertyKey) =>
  typeof key === 'symbol' || key.toString().startsWith('_reactListening') || key === '__vitest_worker__';

/** A property as it was: how it is defined, and what it read as (which a setter can change alone). */
type Prop = { d: PropertyDescriptor; v: unknown };
type Props = Map<PropertyKey, Prop>;
/** Own properties of every watched object, taken by {@link snapshotGlobals}. */
export type GlobalsSnapshot = { label: string; target: object; props: Props }[];

/**
 * What a property reads as. jsdom's globals are getters and setters over the window (an assignment
 * changes what the getter answers, not the property), and Node's lazy globals turn into plain
 * values on first use: so properties are compared by what they read as.
 */
function readAs(target: object, d: PropertyDescriptor): unknown {
  try {
    return 'value' in d ? d.value : d.get?.call(target);
  } catch {
    return d.get;
  }
}

function ownProps(target: object): Props {
  const props: Props = new Map();
  for (const key of Reflect.ownKeys(target)) {
    if (changesByItself(key)) continue;
    const d = Reflect.getOwnPropertyDescriptor(target, key);
    if (d) props.set(key, { d, v: readAs(target, d) });
  }
  return props;
}

/** The own properties of every watched object now. */
export function snapshotGlobals(): GlobalsSnapshot {
  return watched().map(([label, target]) => ({ label, target, props: ownProps(target) }));
}

/** Functions and objects only: a number or flag a page changes by itself (`scrollY`) is no stub. */
const replaceable = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null);

/** Puts `key` back as it was (`before` undefined: it was not there). */
function putBack(target: object, key: PropertyKey, before: Prop | undefined): void {
  try {
    if (before === undefined) Reflect.deleteProperty(target, key);
    else {
      Reflect.defineProperty(target, key, before.d);
      if (before.d.set || before.d.writable) Reflect.set(target, key, before.v);
    }
  } catch {
    // A property that can be neither redefined nor deleted is still reported.
  }
}

/**
 * The watched properties that differ from `snapshot` (`globalThis.fetch replaced`), each put back as
 * it was in `snapshot`. Empty when nothing leaked.
 */
export function restoreGlobals(snapshot: GlobalsSnapshot): string[] {
  const changed: string[] = [];
  for (const { label, target, props } of snapshot) {
    const now = ownProps(target);
    for (const [key, before] of props) {
      const after = now.get(key);
      if (after && (Object.is(before.v, after.v) || !(replaceable(before.v) || replaceable(after.v))))
        continue;
      changed.push(`${label}.${String(key)} ${after ? 'replaced' : 'removed'}`);
      putBack(target, key, before);
    }
    // A new own property matters when it hides an inherited one (`navigator.clipboard`); one nothing
    // had (a library's marker such as `__zod_globalRegistry`) changes nothing another file reads.
    const proto = Object.getPrototypeOf(target) as object | null;
    for (const key of now.keys()) {
      if (props.has(key) || proto === null || !(key in proto)) continue;
      changed.push(`${label}.${String(key)} replaced`);
      putBack(target, key, undefined);
    }
  }
  return changed;
}
