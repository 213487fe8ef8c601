import { byPhrase, type Phrase } from './phrasebook.js';

/**
 * The English of the server's problem details, for a reader whose Accept-Language prefers English (the English
 * console sends it with every call). The server speaks Chinese first (SPEC §8's error catalogue); before this, the
 * English console showed 账号或密码错误 and every other refusal in Chinese. A detail without an entry stays Chinese:
 * test/audit/errors-en.test.ts reads the sources and fails on a refusal the catalogue does not know.
 */

/** Whole details, as the server writes them. */
const WHOLE: Record<string, string> = {
  // session, account, people
  账号或密码错误: 'Wrong account or password',
  账号不存在: 'No such account',
  账号已存在: 'This account already exists',
  原密码错误: 'The current password is wrong',
  新密码不能与原密码相同: 'The new password must differ from the current one',
  新手机号不能与当前手机号相同: 'The new mobile number is the same as the current one',
  登录密码错误: 'The login password is wrong',
  '两次输入密码不一致!': 'The two passwords do not match',
  验证码错误: 'Wrong verification code',
  '验证码发送次数过多，请一小时后再试': 'Too many verification codes sent; try again in an hour',
  手机号已注册: 'This mobile number is already registered',
  该手机号未注册: 'This mobile number is not registered',
  该手机号已被其他账号使用: 'This mobile number is used by another account',
  '登录过期，请重新登录': 'Your session has expired; please log in again',
  登录密钥无效或已过期: 'The login key is invalid or has expired',
  票据无效或已过期: 'The ticket is invalid or has expired',
  '当前浏览器已登录其他账号，请先退出登录后再使用该登录链接':
    'Another account is logged in in this browser; log out first, then use this login link',
  '该微信未绑定账号，请先用账号登录后绑定':
    'This WeChat is not bound to an account; log in with your account first and bind it',
  该微信已绑定其他账号: 'This WeChat is bound to another account',
  微信授权无效或已过期: 'The WeChat authorisation is invalid or has expired',
  缺少登录状态码: 'The login state is missing',
  '登录状态码无效或已过期，请刷新二维码': 'The login state is invalid or has expired; refresh the QR code',
  '登录状态码与本浏览器不符，请刷新二维码': 'The login state was issued to another browser; refresh the QR code',
  您没有权限执行此操作: 'You are not allowed to do this',
  '您没有权限享受此服务，请联系企业管理员开通。':
    'Your company does not have this service; ask your company administrator to enable it.',
  '该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置':
    'This member also belongs to another company, so this company’s administrator cannot change the account; the member can reset it with an SMS code',
  '该成员已受邀加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置':
    'This member is invited to another company, so this company’s administrator cannot change the account; the member can reset it with an SMS code',
  '该成员已申请加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置':
    'This member has applied to join another company, so this company’s administrator cannot change the account; the member can reset it with an SMS code',
  尚未加入企业: 'You have not joined a company yet',
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试':
    'Your password was set by a company administrator and cannot be used to enter or join another company; sign in with an SMS code and try again',
  '您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信':
    'Your password was set by a company administrator; sign in with an SMS code to change your phone or bind WeChat',
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请先绑定本人手机号，再使用手机号验证码登录后重试':
    'Your password was set by a company administrator and cannot be used to enter or join another company; bind your own phone number, then sign in with an SMS code and try again',
  '您的密码由企业管理员设置，请先绑定本人手机号，再使用手机号验证码登录后绑定微信':
    'Your password was set by a company administrator; bind your own phone number, then sign in with an SMS code to bind WeChat',
  '您的密码由企业管理员设置，不能用于创建企业，请使用手机号验证码登录后再创建':
    'Your password was set by a company administrator and cannot be used to create a company; sign in with an SMS code, then create it',
  '您的密码由企业管理员设置，不能用于创建企业，请先绑定本人手机号，再使用手机号验证码登录后创建':
    'Your password was set by a company administrator and cannot be used to create a company; bind your own phone number, then sign in with an SMS code and create it',
  '您的密码由企业管理员设置，请使用微信扫码登录后再绑定手机号':
    'Your password was set by a company administrator; sign in with WeChat to bind a phone number',
  // company, members, invitations, certification
  请输入AppID: 'Enter the AppID',
  请输入AppSecret: 'Enter the AppSecret',
  请输入短信签名: 'Enter the SMS signature',
  企业不存在: 'No such company',
  企业号不存在: 'No such company number',
  '企业号生成失败，请重试': 'Could not create a company number; please try again',
  请选择企业地区: 'Choose the company’s region',
  该用户已是企业成员: 'This user is already a member of the company',
  '已邀请该手机号，等待对方确认': 'This number is already invited; waiting for them to accept',
  您已是该企业成员: 'You are already a member of this company',
  邀请不存在或已处理: 'The invitation does not exist or has been answered',
  该申请已处理: 'This request has already been answered',
  至少保留一名管理员: 'Keep at least one administrator',
  不能移除自己: 'You cannot remove yourself',
  不能修改自己的角色: 'You cannot change your own role',
  '席位已满，请购买更多席位后再添加成员': 'All seats are taken; buy more seats before adding members',
  企业已通过实名认证: 'The company is already certified',
  '认证资料审核中，请耐心等待': 'Your certification is being reviewed; please wait',
  认证资料不存在: 'No such certification',
  该认证已审核: 'This certification has already been reviewed',
  // cost
  订单不存在: 'No such order',
  套餐不存在: 'No such package',
  只有待支付的订单可以标记为已支付: 'Only an unpaid order can be marked as paid',
  '该企业尚未通过实名认证，不能确认支付':
    'This company has not passed real-name certification: its payment cannot be confirmed',
  只有待支付的订单可以取消: 'Only an unpaid order can be cancelled',
  只有已支付的订单可以退款: 'Only a paid order can be refunded',
  // content
  文件不存在: 'No such file',
  内容不存在: 'No such content',
  文章分类不存在: 'No such article category',
  只有作者或管理员可以修改此文章: 'Only the author or an administrator can change this article',
  只有创建者或管理员可以修改此分组: 'Only the group’s creator or an administrator can change this group',
  文档不存在: 'No such document',
  视频不存在: 'No such video',
  微官网不存在: 'No such mini website',
  只有创建者或管理员可以修改此微官网: 'Only its creator or an administrator can change this mini website',
  分享不存在: 'No such share',
  图表不存在: 'No such chart',
  消息不存在: 'No such message',
  留言不存在: 'No such guestbook message',
  访客不存在: 'No such visitor',
  合并记录不存在: 'No such merge',
  该合并已撤销: 'This merge has already been undone',
  '被合并的访客之后又来访问过，不能撤销': 'The merged visitor has visited since, so the merge cannot be undone',
  '保留的线索之后又被合并，请先撤销之后的合并': 'The kept lead was merged again later; undo that later merge first',
  不能与同一条线索合并: 'A lead cannot be merged with itself',
  请输入内容: 'Enter the content',
  请先设置微信号: 'Set your WeChat ID first',
  海报数据无效: 'The poster data is invalid',
  封面图片地址无效: 'The cover image address is invalid',
  请设置水印图片: 'Set a watermark image',
  水印图片不存在: 'The watermark image does not exist',
  水印图片必须是已上传的图片: 'The watermark must be an uploaded image',
  关键词已存在: 'This keyword already exists',
  '检测过于频繁，请稍后再试': 'Too many checks; please try again later',
  AI检测密钥无效: 'The AI detection key is invalid',
  '改写次数已用完，请联系企业管理员充值后再使用': 'No rewrites left; ask your company administrator to top up',
  '文章已推送至APP，请登录APP查看！': 'The article was sent to the app; open the app to see it!',
  不支持的外部应用地址: 'This external app address is not supported',
  链接无效或已失效: 'The link is invalid or has expired',
  链接无效: 'The link is invalid',
  不允许访问该地址: 'This address may not be fetched',
  // files and uploads
  请选择文件: 'Choose a file',
  '请使用multipart/form-data上传文件': 'Upload files as multipart/form-data',
  '上传内容不完整或格式不正确，请重新选择文件上传':
    'The upload is incomplete or malformed; choose the file and upload it again',
  上传的文件过大: 'The uploaded file is too large',
  上传的文件或字段过多: 'Too many files or fields in one upload',
  表单字段过长: 'A form field is too long',
  '图片大小不能超过1024Kb!': 'An image may not exceed 1024 KB!',
  '只能上传jpg/png格式的图片': 'Only JPG or PNG images can be uploaded',
  不支持的文件类型: 'This file type is not supported',
  文件内容与扩展名不符: 'The file’s content does not match its extension',
  文件不能超过5MB: 'A file may not exceed 5 MB',
  只能选择视频文件: 'Choose a video file',
  只能上传视频文件: 'Only video files can be uploaded',
  该文件不是Office文档: 'This file is not an Office document',
  预览不可用: 'Preview is not available',
  '上传不存在或已过期，请重新上传': 'The upload does not exist or has expired; please upload again',
  '文件正在合并，请稍后查询上传进度': 'The file is being assembled; check the upload’s progress later',
  '文件校验失败（SHA-256不一致），请重新上传': 'The file failed its check (SHA-256 differs); please upload again',
  '分片校验失败（CRC-32不一致），请重新发送这一片': 'The part failed its check (CRC-32 differs); send this part again',
  分片信息与已上传部分不一致: 'The part does not match what was uploaded before',
  分片大小与Size不符: 'The part’s size does not match Size',
  文件大小与Total不符: 'The file’s size does not match Total',
  分片为空: 'The part is empty',
  '请上传CSV或Excel（.xlsx）文件': 'Upload a CSV or Excel (.xlsx) file',
  'Excel文件无法读取，请使用.xlsx格式': 'The Excel file cannot be read; use the .xlsx format',
  // requests
  '请求体不是有效的 JSON': 'The request body is not valid JSON',
  请求体为空: 'The request body is empty',
  不支持的请求内容类型: 'This request content type is not supported',
  'Content-Length 与请求体不符': 'Content-Length does not match the request body',
  请求参数超出范围或格式不正确: 'A request parameter is out of range or malformed',
  请求内容嵌套过深: 'The request is nested too deeply',
  '服务器内部错误，请稍后再试': 'Internal server error; please try again later',
  '服务繁忙，请稍后再试': 'The service is busy; please try again later',
  '数据库响应超时，请稍后再试': 'The database took too long to answer; please try again later',
  未找到: 'Not found',
  无效: 'invalid',
  无效的游标: 'invalid cursor',
  '须为 true 或 false': 'must be true or false',
  重复的编号: 'repeated id',
  时间格式不正确: 'wrong time format',
  日期格式不正确: 'wrong date format',
  图片不存在: 'no such image',
  不是有效的图片: 'not a valid image',
  只能使用本企业已上传的图片: 'only images uploaded by this company can be used',
  '编号无效（应为 1 到 2147483647 的整数）': 'invalid id (a whole number from 1 to 2147483647)',
  '地址无效（只能是 http/https 链接或本站文件地址）':
    'invalid address (only an http/https link or a file of this site)',
  请输入正确的手机号: 'enter a valid mobile number',
  '密码由字母、数字、下划线组成，6-16位': 'a password is 6–16 letters, digits or underscores',
  '账号以字母开头，5-16位字母、数字或下划线': 'an account starts with a letter: 5–16 letters, digits or underscores',
  最多只能选择三个文章: 'choose at most three',
  不能重复选择: 'chosen twice',
  统一社会信用代码应为18位: 'the unified social credit code has 18 characters',
  统一社会信用代码格式不正确: 'the unified social credit code has a character out of place',
  统一社会信用代码校验位不正确: 'the check digit of the unified social credit code is wrong',
  该统一社会信用代码已被其他企业使用: 'another company already uses this unified social credit code',
  // what the call schemas (packages/contracts) say of a field, after its name
  请输入账号: 'enter the account',
  请输入密码: 'enter the password',
  请输入原密码: 'enter the current password',
  请输入登录密码: 'enter your login password',
  请填写确认密码: 'enter the password again',
  请输入验证码: 'enter the verification code',
  请输入手机号: 'enter the mobile number',
  请输入姓名: 'enter the name',
  请填写姓名: 'enter your name',
  请输入联系人: 'enter the contact person',
  请输入企业号: 'enter the company number',
  请输入企业名称: 'enter the company name',
  请输入请输入申请人姓名: 'enter the applicant’s name',
  请提供企业编号: 'give the company id',
  请输入法定代表人: 'enter the legal representative',
  请上传营业执照: 'upload the business licence',
  营业执照地址不正确: 'the business licence address is not valid',
  请输入驳回原因: 'enter the reason for rejecting',
  请输入标题: 'enter a title',
  请至少添加一个内容区块: 'add at least one block',
  名片区块最多一个: 'at most one card block',
  内容过长: 'the content is too long',
  内容最多10000个字: 'at most 10,000 characters',
  请输入要改写的内容: 'enter the text to rewrite',
  请输入要检测的内容: 'enter the text to check',
  请输入关键词: 'enter a keyword',
  关键词最多30个字: 'a keyword has at most 30 characters',
  请输入核心词: 'enter a core word',
  请输入词组名称: 'enter the keyword set’s name',
  词组名称最多30个字: 'a keyword set’s name has at most 30 characters',
  产品名称最多30个字: 'a product name has at most 30 characters',
  请输入分组名称: 'enter the group name',
  请选择图片: 'choose an image',
  请上传海报: 'upload the poster',
  水印图片地址无效: 'invalid watermark image address',
  图片地址无效: 'invalid image address',
  请输入链接: 'enter a link',
  '请输入 http/https 链接': 'enter an http/https link',
  UploadId无效: 'invalid UploadId',
  Crc32无效: 'invalid Crc32',
  Sha256无效: 'invalid Sha256',
  分类只能是1或2: 'the category is 1 or 2',
  typeValue只能是1或2: 'typeValue is 1 or 2',
  'viewDay 只能是 15 或 7': 'viewDay is 15 or 7',
  '天数只能是 7 或 30': 'the days are 7 or 30',
  '天数只能是 7、30 或 90': 'the days are 7, 30 or 90',
  天数不正确: 'wrong number of days',
  图表标识不正确: 'unknown chart',
  指标不正确: 'unknown measure',
  导入类型不正确: 'unknown import type',
  未知的类型: 'unknown type',
  未知的消息类型: 'unknown message type',
  未知的字典编码: 'unknown dictionary code',
  '最多 200 个编号': 'at most 200 ids',
  请填写回复或处理状态: 'give a reply or a handling state',
  缺少AI检测密钥: 'the AI check key is missing',
  // a content's category, refused by name
  文档分类不存在: 'No such document category',
  视频分类不存在: 'No such video category',
};

/** Details with a figure or a name in them. */
const PATTERNS: Phrase[] = [
  [/^登录失败次数过多，请(\d+)分钟后再试$/, (n) => `Too many failed logins; try again in ${n} min`],
  [/^密码错误次数过多，请(\d+)分钟后再试$/, (n) => `Too many wrong passwords; try again in ${n} min`],
  [/^验证码尝试次数过多，请(\d+)分钟后再试$/, (n) => `Too many wrong codes; try again in ${n} min`],
  [/^企业号错误次数过多，请(\d+)分钟后再试$/, (n) => `Too many wrong company numbers; try again in ${n} min`],
  [/^邀请该手机号过于频繁，请(\d+)小时后再试$/, (n) => `This phone has been invited too often; try again in ${n} h`],
  [/^邀请该手机号过于频繁，请(\d+)分钟后再试$/, (n) => `This phone has been invited too often; try again in ${n} min`],
  [/^验证码发送过于频繁，请(\d+)秒后再试$/, (n) => `Codes are sent too often; try again in ${n} s`],
  [/^(视频|文档)不存在$/, (noun) => `No such ${noun === '视频' ? 'video' : 'document'}`],
  [
    /^只有上传者或管理员可以修改此(视频|文档)$/,
    (noun) => `Only the uploader or an administrator can change this ${noun === '视频' ? 'video' : 'document'}`,
  ],
  [/^最多只能选择(\d+)张图片$/, (n) => `Choose at most ${n} images`],
  [/^每次最多导入(\d+)行$/, (n) => `At most ${n} rows per import`],
  [
    /^未完成的上传过多（最多(\d+)个），请先完成或等待之前的上传$/,
    (n) => `Too many unfinished uploads (at most ${n}); finish one or wait for the earlier ones`,
  ],
  [/^表格最多(\d+)列$/, (n) => `At most ${n} columns in a sheet`],
  [/^最多配置(\d+)个关键词$/, (n) => `At most ${n} keywords`],
  [/^最多保存(\d+)个词组$/, (n) => `At most ${n} keyword sets`],
  [/^合并已超过 (\d+) 天，不能撤销$/, (n) => `The merge is more than ${n} days old and cannot be undone`],
  [
    /^该套餐只有(\d+)个席位，少于企业现有的(\d+)名成员，请选择更大的套餐或先移除成员$/,
    (seats, used) =>
      `This package has ${seats} seats, fewer than the company's ${used} members: choose a larger package or remove members first`,
  ],
  [
    /^当前套餐「(.+)」有效期内不能购买其他套餐，可续费当前套餐，或到期后再购买$/,
    (name) =>
      `Your package "${name}" is still running: you cannot buy another package now; renew this one, or buy another once it expires`,
  ],
  [
    /^该企业当前套餐「(.+)」尚在有效期内，不能开通其他套餐，此订单不能确认支付$/,
    (name) =>
      `The company's package "${name}" is still running, so another package cannot be opened: this order's payment cannot be confirmed`,
  ],
  [/^缺少列：(.*)（请使用导入模板）$/, (cols) => `Missing columns: ${cols} (use the import template)`],
  [/^不支持的文档类型：(.*)$/, (name) => `This document type is not supported: ${name}`],
  [/^CSV文件无法读取：(.*)$/, (why) => `The CSV file cannot be read: ${why}`],
  [/^分片大小应为(\d+)$/, (n) => `A part should be ${n} bytes`],
  [/^分片起始位置错误，应为(\d+)$/, (n) => `Wrong part offset; it should be ${n}`],
  [/^分片起始位置错误，应为分片大小的(\d+)倍$/, (n) => `Wrong part offset; it should be ${n} times the part size`],
  [/^分片顺序错误，应上传第(\d+)片$/, (n) => `Parts out of order; part ${n} is expected`],
  [/^分片序号超出范围（共(\d+)片）$/, (n) => `Part number out of range (${n} parts)`],
  [/^请求体过大（上限 (\d+) KB）$/, (n) => `The request body is too large (at most ${n} KB)`],
  [/^导航项 (\S+) 不存在$/, (ids) => `no such navigation item ${ids}`],
  [/^(.+) 不存在$/, (what) => `${what} not found`],
  [/^(.+)未配置$/, (what) => (NOT_CONFIGURED[what] ? `${NOT_CONFIGURED[what]} is not configured` : undefined)],
];

/** What `notConfigured` names. */
const NOT_CONFIGURED: Record<string, string> = { 微信: 'WeChat', 外部应用: 'The external app' };

/** A field's name before the detail (`ids: 重复的编号`), as the server prefixes validation details. */
const FIELD_PREFIX = /^([A-Za-z_][\w.[\]]*): (.+)$/s;

/** The English of a problem detail, or undefined when the catalogue does not know it. */
export function detailInEnglish(detail: string): string | undefined {
  const field = FIELD_PREFIX.exec(detail);
  if (field) {
    const rest = detailInEnglish(field[2]);
    return rest === undefined ? undefined : `${field[1]}: ${rest}`;
  }
  return WHOLE[detail] ?? byPhrase(PATTERNS, detail);
}
