// Demo page glue: "share this school" writes the school into the address bar and copies the link; pause toggles;
// "say hello" lands the owner's name, then a QR code of this page's link, and lets the fish go;
// "tune" (its link's #studio=1) loads the studio, which attaches to the school by itself.
'use strict';

(function () {
  const share = document.getElementById('share-link');
  const status = document.getElementById('share-status');
  const pause = document.getElementById('pause-button');
  const hello = document.getElementById('hello-button');
  const NAME_HOLD = 4,
    CODE_HOLD = 8; // s

  share.addEventListener('click', (event) => {
    event.preventDefault(); // the demo's own link: MiroFish itself never prevents anything
    const school = window.MiroFish && window.MiroFish.current;
    if (!school) {
      status.textContent = 'No fish here (WebGL2 is off?).';
      return;
    }
    const url = school.share();
    const done = () => {
      status.textContent = 'Link copied: it replays this school.';
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, () => {
        status.textContent = 'The link is in the address bar.';
      });
    } else {
      status.textContent = 'The link is in the address bar.';
    }
  });

  // The studio's script is loaded only when asked for (the "tune" link's key in the hash): a visitor downloads the
  // background alone. The key is the link's (index.html), so this page writes it once; the studio reads it itself.
  const studioKey = /** @type {HTMLAnchorElement} */ (document.getElementById('tune-link')).hash.slice(1);
  const loadStudio = () => {
    if (!location.hash.slice(1).split('&').includes(studioKey) || document.getElementById('mirofish-studio-script')) {
      return;
    }
    const script = document.createElement('script');
    script.id = 'mirofish-studio-script';
    script.src = 'dist/mirofish-studio.js';
    document.head.appendChild(script);
  };
  loadStudio();
  window.addEventListener('hashchange', loadStudio);

  pause.addEventListener('click', () => {
    const school = window.MiroFish && window.MiroFish.current;
    if (!school) return;
    if (school.stats().state === 'paused') {
      school.resume();
      pause.textContent = 'pause the fish';
    } else {
      school.pause();
      pause.textContent = 'resume the fish';
    }
  });

  // The name first; once the fish have let go of it (stats().form.type is '' again), the code of the page's link.
  let helloTimer = 0;
  hello.addEventListener('click', () => {
    const school = window.MiroFish && window.MiroFish.current;
    if (!school) return;
    clearInterval(helloTimer);
    school.form({ type: 'text', text: 'Mira Lin', hold: NAME_HOLD }).then((landing) => {
      if (!landing) return;
      helloTimer = setInterval(() => {
        if (school.stats().form.type !== '') return;
        clearInterval(helloTimer);
        school.form({ type: 'qr', text: location.href.split('#')[0], hold: CODE_HOLD });
      }, 250);
    });
  });
})();
