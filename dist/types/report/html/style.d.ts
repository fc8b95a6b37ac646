export declare const REPORT_CSS: string;
