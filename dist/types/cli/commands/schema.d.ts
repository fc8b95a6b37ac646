export declare function schemaCommand(): Promise<number>;
