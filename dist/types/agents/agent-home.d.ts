export declare function prepareAgentHome(dir: string, from: string, carriedOver: readonly string[]): Promise<void>;
/** A JSON object file's content, or {} when it is missing or not an object. */
export declare function readJsonObject(file: string): Promise<Record<string, unknown>>;
