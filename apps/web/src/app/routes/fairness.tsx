import { FairnessPage } from '../../features/fairness/index';

/** /fairness: the provably fair explanation and verifier on the player site's own origin. */
export function Component() {
  return <FairnessPage />;
}

export default Component;
