export declare const REPORT_JS: string;
