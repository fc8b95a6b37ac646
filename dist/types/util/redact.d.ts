export declare const REDACTED = "***";
/** A value shorter than this is not redacted: replacing every "1234" would destroy the output. */
export declare const MIN_SECRET_LENGTH = 6;
/** Names of further variables to redact: comma- or space-separated, e.g. `ACME_TOKEN,DB_URL`. */
export declare const REDACT_ENV = "AGENT_EVALS_REDACT";
/**
 * Well-known credential variables of the services around a run, redacted whenever they are set.
 * Each agent adapter's own (`credentialEnv`) are added by the engine.
 */
export declare const KNOWN_SECRET_NAMES: readonly string[];
/**
 * A line of a multi-line value (a PEM key, a certificate chain) this long or longer is a secret of
 * its own: printed alone, or with other line endings than the value has, it is still redacted.
 */
export declare const MIN_SECRET_LINE_LENGTH = 16;
export declare class Redactor {
    /** Undefined: nothing to hide. */
    private readonly matcher;
    /** The longest piece, in bytes: what a stream holds back (stripped) to decide a match. */
    readonly maxPieceBytes: number;
    /** The values given that are long enough to redact. */
    readonly secretCount: number;
    /** The forms a shortened excerpt may cut: checked at a text's two ends (see clipEdges). */
    private readonly edgeForms;
    /** The PEM armor lines of the values: a cut piece that is only armor is not a secret. */
    private readonly armor;
    constructor(values: Iterable<string>);
    get empty(): boolean;
    /** The bytes with every secret replaced. */
    bytes(input: Buffer): Buffer;
    /**
     * Redacts `input[0, length)`. With `all`, the whole of it; else only what is decided — matches
     * that start early enough that no byte still to come could change them or join them to another
     * — and returns where the undecided rest starts: never inside a run of backslashes (how strip()
     * reads one depends on all of it), so the rest stripped on its own gives the same view.
     */
    redactSome(input: Uint8Array, length: number, all: boolean): {
        out: Buffer[];
        rest: number;
    };
    /** The text with every secret replaced, and any piece of one left at either end by a cut. */
    text(input: string): string;
    /**
     * Evidence lines and output tails are shortened excerpts: a cut through a secret leaves its
     * start at the end of the text, or its end at the start, which no whole-value match finds.
     * Such a piece (MIN_SECRET_LENGTH characters or more) is replaced too.
     */
    private clipEdges;
    /** Whether every line of a cut piece is (a part of) a PEM armor line, or blank. */
    private onlyArmor;
    /** A deep copy of plain data (objects, arrays, strings) with every string redacted. */
    value<T>(input: T): T;
    /**
     * A redactor for a byte stream: secrets split across chunks are still found. `minBatch`: see
     * StreamRedactor (a test sets it to 1 to make it decide at every chunk).
     */
    stream(minBatch?: number): StreamRedactor;
    private walk;
}
/**
 * Redacts a stream chunk by chunk, giving the same bytes as redacting the whole. It holds back
 * what a match could still need: the last maxPieceBytes + 1 bytes of the stripped view, the breaks
 * among them, and a redacted span that may still grow. So that tiny chunks do not re-scan that part
 * over and over, it decides only once what it holds has doubled since the last time (and is at
 * least `minBatch` bytes): every byte is scanned a bounded number of times.
 */
export declare class StreamRedactor {
    private readonly redactor;
    private readonly minBatch;
    private chunks;
    private held;
    /** What was held back at the last decision: the next one waits until twice as much is here. */
    private heldBefore;
    constructor(redactor: Redactor, minBatch?: number);
    push(chunk: Buffer): Buffer;
    /** What is held back, redacted: call once at the end of the stream. */
    end(): Buffer;
    /** Forget what is held back (the stream was cut: a partial secret must not be written). */
    drop(): void;
}
/**
 * The names whose values a run redacts: the known credential variables, every variable whose name
 * looks like a credential, the names listed in AGENT_EVALS_REDACT, and `extraNames` (the secrets
 * the evals declare, a library caller's list).
 */
export declare function secretNames(env: Record<string, string | undefined>, extraNames?: Iterable<string>): string[];
/** A redactor for the values `env` holds under secretNames(env, extraNames). */
export declare function secretRedactor(env: Record<string, string | undefined>, extraNames?: Iterable<string>): Redactor;
/** Runs `fn` with `redactor` as the current one: everything it starts redacts with it. */
export declare function withRedactor<T>(redactor: Redactor, fn: () => T): T;
/** The redactor of the run this code is part of, if any. */
export declare function currentRedactor(): Redactor | undefined;
/**
 * The last check where text leaves the process (history lines, PR comments): the current run's
 * redactor and the credential variables of this process's environment.
 */
export declare function redactOutgoing(text: string): string;
/** redactOutgoing for many texts: the environment's redactor is built once, not per text. */
export declare function outgoingRedactor(): (text: string) => string;
/** Redacts every regular file under `dir` in place (files that hold no secret are not touched). */
export declare function redactTree(dir: string, redactor: Redactor): Promise<void>;
/** Redacts one file in place, through a temporary file so a reader never sees half of it. */
export declare function redactFile(file: string, redactor: Redactor): Promise<void>;
/** A console stream (stdout, stderr) that writes nothing a redactor would hide. */
export declare class RedactingStream {
    private readonly stream;
    private readonly env;
    private redactor;
    constructor(stream: NodeJS.WritableStream & {
        isTTY?: boolean;
        columns?: number;
    }, env: Record<string, string | undefined>);
    /** Also hide these variables' values (the secrets the evals declare, known once they load). */
    alsoRedact(names: string[]): void;
    write(text: string): boolean;
    get isTTY(): boolean | undefined;
    get columns(): number | undefined;
}
