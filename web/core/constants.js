// The facts the JS shares with C++ and GLSL, from the one table (src/base/constants.h), written at build time by
// cmake/constants.cmake into build/<preset>/generated/constants/constants.mjs (bundle.mjs's 'mirofish-constants').
export {
  kVersion as VERSION,
  kStepHz as STEP_HZ,
  kMaxObstacles as MAX_OBSTACLES,
  kDefaultHoldSeconds as FORM_HOLD,
  kStudioArrays as STUDIO_ARRAYS,
  kSnapshotForeign as SNAPSHOT_FOREIGN,
} from 'mirofish-constants';
