// Types for mirofish/react (dist/mirofish-react.mjs): the component, the hook, and <miro-fish> in JSX (React's
// JSX.IntrinsicElements, so `<miro-fish fish={80} palette="koi" />` type-checks in any .tsx file that sees this one).
import type { CSSProperties, DetailedHTMLProps, HTMLAttributes, ReactElement, ReactNode, RefObject } from 'react';
import type { MiroFishAttributes, MiroFishElement, MiroFishOptions, MiroFishSchool } from './mirofish.js';

export type { MiroFishAttributes, MiroFishElement, MiroFishOptions, MiroFishSchool } from './mirofish.js';

/** The props of `<MiroFish>`: every mount option (`signal` aside: the component is the lifetime), and the div's. */
export interface MiroFishProps extends Omit<MiroFishOptions, 'signal'> {
  /** The div the school fills (its padding box): give it a size; the children sit above the fish. */
  className?: string;
  style?: CSSProperties;
  id?: string;
  children?: ReactNode;
  /** Called with the school once it is up (again after a remount). */
  onReady?: (school: MiroFishSchool) => void;
}

/**
 * A school in a div, for as long as the component is mounted. Option props go to the live school through set()
 * (pause()/resume() for `paused`) without a remount; `hash` and `thread` are read at mount only.
 */
export declare function MiroFish(props: MiroFishProps): ReactElement;
export default MiroFish;

/**
 * Mounts a school into `ref.current` (`null`: behind the whole page) after the component mounts and destroys it when
 * the component unmounts (StrictMode's double effect and an unmount before the school is up included). Returns the
 * school, or null before it is up and where it cannot run. Later option changes go through set().
 */
export declare function useMiroFish(
  ref: RefObject<Element | null> | null,
  options?: Omit<MiroFishOptions, 'signal'>,
): MiroFishSchool | null;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'miro-fish': DetailedHTMLProps<HTMLAttributes<MiroFishElement>, MiroFishElement> & MiroFishAttributes;
    }
  }
}
