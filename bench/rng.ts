// The simulations' seeded generator: the product's own (src/util/random.ts), so the bench and the
// held-out split draw the same way.

export { seededRandom as rng } from "../src/util/random.js";
