/** Epoch milliseconds in a `bigint` column, read back as a number on both databases (see postgres-types.ts). */
export type EpochMsColumn = number;

/** A nullable epoch-milliseconds `bigint` column. */
export type NullableEpochMsColumn = number | null;

/** A duration in milliseconds in a `bigint` column, read back as a number. */
export type MillisecondsColumn = number;
