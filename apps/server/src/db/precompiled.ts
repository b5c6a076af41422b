import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Where a value given at run time goes in a query built once. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

function compile<Values extends unknown[], Row>(
  build: (...values: Values) => Compilable<Row>,
  arity: number,
): CompiledQuery<Row> {
  const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
  const compiled = build(...(slots as Values)).compile();
  const used = slots.filter((slot) => compiled.parameters.includes(slot));
  if (used.length !== arity)
    throw new Error(`A precompiled query must use each of its ${arity} values as a parameter`);
  return compiled;
}

/**
 * A read built and compiled once and run many times with other values. Kysely builds and compiles a query
 * anew on every call, which for the small reads of every signed-in request (the account behind a session, a
 * reader's notification counts) costs more than the database answering them. `build` is called once, with a
 * slot in place of each value: it must use them only as values of the query (in comparisons, `limit`,
 * `offset`), never to decide its shape; each shape is a precompiled query of its own.
 */
export function precompiled<Values extends unknown[], Row>(
  // biome-ignore lint/suspicious/noExplicitAny: the query is typed by `build`; the executor needs no schema
  db: Kysely<any>,
  arity: Values['length'],
  build: (...values: Values) => Compilable<Row>,
): (...values: Values) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (...values) => {
    compiled ??= compile(build, arity);
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.index] : parameter,
    );
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
