export declare function reportPage(): void;
