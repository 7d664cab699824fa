/**
 * Records every statement the app sends, with the stack of the code that built it. Drizzle builds a
 * query in one place (tx.select()…, tx.execute(sql`…`)) and sends it later, when it is awaited, from a
 * job whose stack no longer shows who built it; so the stack is taken when the builder is created and
 * handed to the pool's `query` when the builder runs. Statements sent any other way keep the stack of
 * the `query` call itself.
 */
import { QueryPromise } from 'drizzle-orm';
import {
  PgDatabase,
  PgInsertBuilder,
  PgSelectBase,
  PgSelectBuilder,
  PgUpdateBuilder,
} from 'drizzle-orm/pg-core';
import type pg from 'pg';

export interface SentStatement {
  text: string;
  /** Where the statement was built (or sent, when no builder was involved). */
  stack: string;
}

const builtAt = new WeakMap<object, string>();
/** The stack of the builder being run right now (set for the synchronous part of its `then`). */
let running: string | undefined;

const stackHere = () => new Error('statement').stack ?? '';

function tagResults(prototype: object, methods: string[]) {
  const target = prototype as Record<string, unknown>;
  for (const name of methods) {
    const original = target[name];
    if (typeof original !== 'function') throw new Error(`drizzle changed: no ${name} to wrap`);
    target[name] = function (this: object, ...args: unknown[]) {
      const result = original.apply(this, args);
      // A builder made by another builder (select().from()) inherits the stack of the first one.
      const stack = builtAt.get(this) ?? stackHere();
      if (result && typeof result === 'object') builtAt.set(result, stack);
      return result;
    };
  }
}

function markRunning(prototype: object) {
  const original = Reflect.get(prototype, 'then') as (...args: unknown[]) => unknown;
  // Drizzle's builders are thenables on purpose: this wraps the `then` they already have.
  Reflect.set(prototype, 'then', function (this: object, ...args: unknown[]) {
    const previous = running;
    running = builtAt.get(this);
    try {
      return original.apply(this, args);
    } finally {
      running = previous;
    }
  });
}

let installed = false;

/** Patches drizzle's builders once per process (they are shared by every database handle). */
function instrumentDrizzle() {
  if (installed) return;
  installed = true;
  const creators = ['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute'];
  tagResults(PgDatabase.prototype, creators);
  tagResults(PgSelectBuilder.prototype, ['from']);
  tagResults(PgInsertBuilder.prototype, ['values', 'select']);
  tagResults(PgUpdateBuilder.prototype, ['set']);
  markRunning(QueryPromise.prototype);
  markRunning(PgSelectBase.prototype); // a mixin: QueryPromise's methods are copied onto it
}

type QueryFn = (...args: unknown[]) => unknown;

const textOf = (config: unknown) =>
  typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '');

/**
 * Wraps the pool's and its clients' `query` (install it before the pool's first connection); once started,
 * calls `onStatement` for each statement. Statements the
 * pool itself passes on to a client are counted once.
 */
export function recordStatements(pool: pg.Pool, onStatement: (statement: SentStatement) => void) {
  instrumentDrizzle();
  const passedOn = new WeakSet<object>();
  let enabled = false;
  const record = (config: unknown) => {
    if (enabled) onStatement({ text: textOf(config), stack: running ?? stackHere() });
  };

  const poolQuery = pool.query.bind(pool) as QueryFn;
  (pool as unknown as { query: QueryFn }).query = (config: unknown, ...rest: unknown[]) => {
    record(config);
    const forwarded =
      typeof config === 'string' && Array.isArray(rest[0]) ? { text: config, values: rest.shift() } : config;
    if (forwarded && typeof forwarded === 'object') passedOn.add(forwarded);
    return poolQuery(forwarded, ...rest);
  };

  pool.on('connect', (client) => {
    const clientQuery = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (config: unknown, ...rest: unknown[]) => {
      if (!(config && typeof config === 'object' && passedOn.has(config))) record(config);
      return clientQuery(config, ...rest);
    };
  });
  return {
    /** Statements before this (migrations, seeding) are not recorded. */
    start() {
      enabled = true;
    },
    stop() {
      enabled = false;
    },
  };
}
