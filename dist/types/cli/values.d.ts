import { type ContainerOptions, type SandboxKind } from "../run/index.js";
import { type Shard, type ShardAssignment } from "../plan/index.js";
import type { Flags } from "./flags.js";
export declare function positiveInt(name: string, text: string | undefined): number | undefined;
export declare function nonNegativeUsd(text: string | undefined): number | undefined;
export declare function outputFormat(text: string | undefined): "text" | "json";
export declare function sandboxKind(text: string | undefined): SandboxKind | undefined;
/** --image, --cpus, --memory, --pids: checked as an eval's sandbox.image and limits are. */
export declare function containerOptions(flags: Flags): ContainerOptions | undefined;
export declare function shard(text: string | undefined): Shard | undefined;
export declare function shardCount(text: string | undefined): number | "auto" | undefined;
export declare function shardPlan(flags: Flags): Promise<ShardAssignment | undefined>;
export declare function changedBase(flags: Flags): string | undefined;
export type FailOn = "regression" | "failure" | "never";
/** compare's --fail-on: regression (default), failure or never. */
export declare function failOn(text: string | undefined): FailOn;
/** compare's --margin in points (0 < PTS < 100), as a share: 10 → 0.1. */
export declare function margin(text: string | undefined): number | undefined;
/** compare's --base: required, and not with --changed. */
export declare function compareBase(flags: Flags): string;
