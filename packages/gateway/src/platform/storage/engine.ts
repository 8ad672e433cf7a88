/** The two storage engines: SQLite in the data directory (the embedded default) or PostgreSQL. */
export type Engine = 'sqlite' | 'postgres';
