export default {
  'zh-CN': {
    404: { title: '404', sub: '抱歉，您访问的页面不存在。' },
    403: { title: '403', sub: '抱歉，您没有权限访问此页面。' },
    401: { title: '401', sub: '抱歉，您需要登录后才能访问此页面。' },
    home: '返回首页',
    back: '返回上一页',
    login: '去登录',
  },
  en: {
    404: { title: '404', sub: 'Sorry, the page you visited does not exist.' },
    403: { title: '403', sub: 'Sorry, you are not authorized to access this page.' },
    401: { title: '401', sub: 'Sorry, you need to log in to access this page.' },
    home: 'Back to home',
    back: 'Go back',
    login: 'Log in',
  },
};
