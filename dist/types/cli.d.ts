export declare function main(argv: string[]): Promise<number>;
export declare function parseShard(text: string | undefined): {
    index: number;
    count: number;
} | undefined;
