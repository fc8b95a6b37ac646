// Setup file of the "integration" vitest project: when a test file ends, the temp projects it made
// with makeProject are removed, so a test that forgets its own afterAll leaves nothing behind (the
// global setup still names any other folder a run leaves in its TMPDIR).

import { afterAll } from "vitest";
import { removeMadeProjects } from "./helpers/project.js";

afterAll(removeMadeProjects);
