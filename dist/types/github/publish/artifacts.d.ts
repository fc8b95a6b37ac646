export interface UploadResultsOptions {
    /** The folder to upload, e.g. `.copybook/results`; every file under it is uploaded. */
    dir: string;
    /** The artifact's name (the client rejects `"`, `:`, `<`, `>`, `|`, `*`, `?`, `\`, `/`). */
    name: string;
    /** Days to keep the artifact (capped by the repository's setting); default: the repository's. */
    retentionDays?: number;
    /**
     * Applied to every text file (valid UTF-8) before upload, e.g. to mask secrets. The files are
     * redacted in a temporary copy; `dir` itself is never modified.
     */
    redact?: (text: string) => string;
    /**
     * The workflow run's attempt (GITHUB_RUN_ATTEMPT). When the name is taken in this run: on a
     * re-run attempt (> 1) the earlier attempt's artifact is replaced; on the first attempt (another
     * job or step took the name) this one is uploaded as `<name>-<fallbackSuffix>` instead.
     */
    attempt?: number;
    fallbackSuffix?: string;
    /** Says what was done about a taken name. */
    log?: (message: string) => void;
}
export interface UploadResultsResult {
    /** The artifact's id, when the service gave one. */
    id?: number;
    name: string;
    /** Bytes uploaded (the zip), as the client reports them; 0 when there was nothing to upload. */
    size: number;
    /** Files put in the artifact. */
    files: number;
    /** The artifact's page, when GITHUB_REPOSITORY and GITHUB_RUN_ID are set. */
    url?: string;
}
/** The web page of an artifact: `${serverUrl}/${repo}/actions/runs/${runId}/artifacts/${id}`. */
export declare function artifactUrl(serverUrl: string, repo: string, runId: string | number, artifactId: string | number): string;
/**
 * Upload every file under `options.dir` as one artifact. Throws when the upload fails (the
 * caller decides whether that fails the run). A folder with no files uploads nothing and
 * returns `{ size: 0, files: 0 }`.
 */
export declare function uploadResults(options: UploadResultsOptions): Promise<UploadResultsResult>;
