export const id = 666;
export const ids = [666];
export const modules = {

/***/ 22666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   spendingRefusal: () => (/* binding */ spendingRefusal)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61351);
/* harmony import */ var _model_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77893);
// Who may spend: a run started by someone without write access to the repository (a triage user
// adding a label, a fork's author pushing to a labelled pull request) runs no paid agent unless
// the workflow lists them in `allowed-actors`. GitHub's collaborator-permission endpoint answers
// any token with metadata read (GITHUB_TOKEN included).


/** Roles that may start paid runs without being listed. */
const WRITERS = new Set(["admin", "maintain", "write"]);
/** Undefined when `actor` may spend; otherwise why not, as the reason of the pairs skipped. */
async function spendingRefusal(check) {
    const { actor, owner, repo } = check;
    const listed = check.allowed.some((a) => a === "*" || a.toLowerCase() === actor.toLowerCase());
    if (listed)
        return undefined;
    const how = `list them in allowed-actors (or have someone with write access re-run the job)`;
    try {
        const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(check.token, check.baseUrl ? { baseUrl: check.baseUrl } : {});
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
            owner,
            repo,
            username: actor,
        });
        const role = data.role_name ?? data.permission;
        if (WRITERS.has(role) || data.permission === "admin" || data.permission === "write")
            return undefined;
        return `${actor} started this run with ${role} access to ${owner}/${repo}, not write, so no paid agent runs for them: ${how}`;
    }
    catch (error) {
        const status = error.status;
        return `could not check the access of ${actor}, who started this run (${status ? `HTTP ${status}: ` : ""}${(0,_model_index_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error).split("\n")[0]}), so no paid agent runs: ${how}`;
    }
}


/***/ })

};
