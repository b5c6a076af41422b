/** The largest id anything has, here or on Royal Road: the top of a PostgreSQL `integer`. */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be an id: a whole number from 1 to MAX_ID. */
export function isId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= MAX_ID;
}
