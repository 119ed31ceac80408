// hls.js ships the light build (HLS playback without subtitles, DRM or alternate audio) without its own types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
