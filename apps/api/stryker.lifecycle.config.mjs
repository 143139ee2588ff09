// Mutation testing of the order lifecycle (issue 21, decision 0430): one transition, guarded
// against lost updates, recorded, announced and turned into points. Its tests build an app on a
// database, so a mutant costs seconds: a part of its own, run beside the pure rules.
import { strykerOptions } from '../../scripts/mutation-targets.mjs';

export default {
  ...strykerOptions('lifecycle', 'vitest.stryker-lifecycle.config.ts'),
  tempDirName: '.stryker-tmp-lifecycle',
  mutate: ['src/modules/orders/order-lifecycle.ts'],
};
