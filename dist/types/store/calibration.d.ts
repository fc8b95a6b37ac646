import { type CalibrationFigure } from "../model/index.js";
export interface CalibrationEntry {
    eval: string;
    check: string;
    figure: CalibrationFigure;
    examples: Array<{
        name: string;
        label: "pass" | "fail";
        answer: string;
        reason: string;
    }>;
}
export interface CalibrationStore {
    version: 1;
    judges: Record<string, CalibrationEntry>;
}
export declare function readCalibration(projectRoot: string): Promise<CalibrationStore>;
/** Adds (or replaces) entries, keeping the others. */
export declare function writeCalibration(projectRoot: string, entries: Record<string, CalibrationEntry>): Promise<string>;
