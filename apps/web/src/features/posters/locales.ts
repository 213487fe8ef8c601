/** Strings of the posters page (namespace `posters`). */
export default {
  'zh-CN': { title: '海报', empty: '暂无海报', video: '视频海报', loading: '加载中…', finished: '没有更多了' },
  en: { title: 'Posters', empty: 'No posters yet', video: 'Video poster', loading: 'Loading…', finished: 'No more' },
};
