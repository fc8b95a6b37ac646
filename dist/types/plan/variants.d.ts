import type { EvalSpec, VariantSpec } from "../model/index.js";
/**
 * The eval `spec` with `variant`'s overrides applied: its prompt, setup and model replaced where the
 * variant gives them, `agentArgs` = the variant's `args`, its `files` laid over the sandbox
 * (`sandbox.overlay`), `variant` = its name, no `variants` of its own, and a definitionHash of the
 * parent's hash and the variant (so a change to either is a change to the variant's eval). The id,
 * the checks and everything else stay the eval's: the two are compared on the same checks.
 */
export declare function expandVariant(spec: EvalSpec, variant: VariantSpec): EvalSpec;
/** Every variant of `spec` expanded, in the order they were declared (none: an empty list). */
export declare function expandVariants(spec: EvalSpec): EvalSpec[];
/**
 * sha256 of the parent's hash and what the variant overrides. Where it was declared is left out,
 * and so is a prompt file's location: the hash is the same wherever the checkout lives.
 */
export declare function variantHash(parentHash: string, variant: VariantSpec): string;
