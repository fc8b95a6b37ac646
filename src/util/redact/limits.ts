// What counts as a secret: the shortest value, line and base64 fragment worth redacting, what a
// multi-line value is split on, and what a redacted span is replaced with.

export const REDACTED = "***";

/** A value shorter than this is not redacted: replacing every "1234" would destroy the output. */
export const MIN_SECRET_LENGTH = 6;

/** The shortest base64 fragment worth redacting: shorter ones would match ordinary text. */
export const MIN_BASE64_CORE = 8;

/**
 * A line of a multi-line value (a PEM key, a certificate chain) this long or longer is a secret of
 * its own: printed alone, or with other line endings than the value has, it is still redacted.
 */
export const MIN_SECRET_LINE_LENGTH = 16;

/** A PEM armor line (`-----BEGIN RSA PRIVATE KEY-----`): ordinary text, not a secret of its own. */
export const PEM_ARMOR = /^-----(BEGIN|END)[^-]*-----$/;

/** The line endings a multi-line value is split on: raw, or as a JSON string escapes them. */
export const LINE_ENDINGS = /\r\n|\r|\n|(?:\\){1,2}(?:r(?:\\){1,2}n|r|n)/;
