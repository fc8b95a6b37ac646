/** A fresh folder `<os temp dir>/<prefix>XXXXXX`, recorded as this run's. */
export declare function makeRunTempDir(prefix: string): string;
