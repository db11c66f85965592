// mirofish/react's types: the component, the hook, and <miro-fish> in JSX; each @ts-expect-error must be an error.
import { useRef } from 'react';
import { MiroFish, useMiroFish, type MiroFishSchool } from 'mirofish/react';

export function Typed() {
  const ref = useRef<HTMLDivElement>(null);
  const school: MiroFishSchool | null = useMiroFish(ref, { fish: 80, palette: 'koi' });
  useMiroFish(null, { layer: 'back', paused: true });
  return (
    <>
      <MiroFish fish={80} palette="neon" sepRadius={30} className="hero" style={{ height: 200 }}
        onReady={(s) => s.pause()}><h1>fish</h1></MiroFish>
      <miro-fish fish={80} palette="koi" sep-radius="30" layer={2} paused style={{ height: 200 }} />
      <div ref={ref}>{school ? school.stats().fish : 0}</div>
    </>
  );
}

export function Refused() {
  return (
    <>
      {/* @ts-expect-error: no such palette */}
      <miro-fish palette="salmon" />
      {/* @ts-expect-error: no such attribute */}
      <miro-fish fishes="80" />
      {/* @ts-expect-error: no such palette */}
      <MiroFish palette="salmon" />
      {/* @ts-expect-error: the component is the signal */}
      <MiroFish signal={new AbortController().signal} />
    </>
  );
}
