/** A container provider's options: `sandbox.image`, `.cpus`, `.memory`, `.pids`. */
export interface ContainerOptionInput {
    image?: string;
    cpus?: number;
    memory?: string;
    pids?: number;
}
/**
 * A container's image and limits, checked: the image a name Docker could take (never an option),
 * cpus above 0, memory in Docker's form, pids a whole number from 16 (a shell and an agent need a few).
 */
export declare function containerLimitProblem(input: ContainerOptionInput): {
    key: string;
    message: string;
    fix: string;
} | undefined;
