import type { Endpoint } from "./bwrap.js";
/** What a provider is given to isolate one trial. */
export interface TrialSpace {
    /** The trial's own folder (the provider may keep its state here). */
    root: string;
    /**
     * What the agent may write: its workspace, TMPDIR, HOME, the call log. Each exists when the
     * trial is prepared.
     */
    writable: string[];
    /** What it runs from (its shims, its results folder, its PATH), readable at least. */
    readable: string[];
    /** host:port endpoints the agent may connect to (the model APIs, --allow-host …). */
    allow: Endpoint[];
}
/** A trial prepared by a provider. */
export interface TrialSandbox {
    /** Runs `fn` (the agent's run) so that every process it starts runs inside the sandbox. */
    run<T>(fn: () => Promise<T>): Promise<T>;
    /** Removes what the provider set up for the trial (a container …), when the trial ends. */
    dispose?(): Promise<void>;
}
export type Availability = {
    ok: true;
} | {
    ok: false;
    reason: string;
    fix: string;
};
export interface SandboxProvider {
    /** Its name: the value of `--sandbox`, the Action's `sandbox` input and an eval's `sandbox.kind`. */
    readonly name: string;
    /** Whether it gives each trial its own HOME whatever the run says (it cannot work with the real one). */
    readonly ownHome: boolean;
    /**
     * How much it isolates, to order providers: an eval's `sandbox.kind` may ask for more isolation
     * than the run's, never less (a pull request's eval must not opt out of the sandbox CI chose).
     */
    readonly strength: number;
    /** Whether it can run on this machine, and if not why and what to do. */
    available(): Promise<Availability>;
    /** One line: what it protects and what it does not (`home`: trials get a HOME of their own). */
    note(context?: {
        home?: boolean;
    }): string;
    /** Sets up one trial; what the returned sandbox runs is isolated as `note` says. */
    prepareTrial(space: TrialSpace): Promise<TrialSandbox>;
}
/** Every provider, by name: the only list of them. */
export declare const PROVIDERS: readonly SandboxProvider[];
/** The provider trials get when nothing names one. */
export declare const DEFAULT_PROVIDER: SandboxProvider;
/** `--sandbox auto`: this provider where it works, else DEFAULT_PROVIDER, saying so. */
export declare const AUTO_PROVIDER: SandboxProvider;
export declare const PROVIDER_NAMES: readonly string[];
export declare function providerNamed(name: string): SandboxProvider | undefined;
