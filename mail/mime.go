package mail

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// The charset package registers decoders for ISO-8859-x, windows-125x,
// KOI8-R and the other common charsets with go-message when imported;
// wordDecoder uses the same tables for encoded words in header fields.
var wordDecoder = &mime.WordDecoder{CharsetReader: charset.Reader}

// addrPattern finds something shaped like an address in a From field
// that net/mail cannot parse.
var addrPattern = regexp.MustCompile(`[^\s<>"(),;:]+@[^\s<>"(),;:]+`)

// ParseMessage builds an Incoming from the raw bytes of a message. It
// returns a *TooLargeError when raw is longer than lim.MaxMessageBytes, a
// *TooDeepError when parts are nested deeper than lim.MaxMIMEDepth and a
// *MessageError when the header or a part cannot be read. Zero limits mean
// the defaults. Date is left zero when the message has no usable Date.
func ParseMessage(raw []byte, lim Limits) (*Incoming, error) {
	if lim.MaxMessageBytes <= 0 {
		lim.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if lim.MaxMIMEDepth <= 0 {
		lim.MaxMIMEDepth = DefaultMaxMIMEDepth
	}
	if int64(len(raw)) > lim.MaxMessageBytes {
		return nil, &TooLargeError{Size: int64(len(raw)), Limit: lim.MaxMessageBytes}
	}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, &MessageError{Part: "header", Err: err}
	}
	h := gomail.Header{Header: e.Header}
	in := &Incoming{MessageID: messageID(h.Header, raw)}
	in.From, err = senderAddress(h.Header)
	if err != nil {
		return nil, &MessageError{Part: "header", Err: err}
	}
	in.FromName = senderName(h.Header)
	for _, key := range []string{"To", "Cc"} {
		in.To = append(in.To, addressList(h.Header, key)...)
	}
	in.Subject = headerText(h.Header, "Subject")
	if d, err := h.Date(); err == nil {
		in.Date = d
	}
	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		in.InReplyTo = ids[0]
	}
	in.References, _ = h.MsgIDList("References")

	var w walker
	w.maxDepth = lim.MaxMIMEDepth
	if err := w.walk(e, 0, ""); err != nil {
		return nil, err
	}
	in.Attachments = w.attachments
	switch {
	case len(w.plain) > 0:
		in.Text = strings.Join(w.plain, "\n")
	case len(w.html) > 0:
		in.Text = htmlToText(strings.Join(w.html, "\n"))
	}
	in.Text = normalizeNewlines(in.Text)
	return in, nil
}

// walker collects the text bodies and attachments of a message.
type walker struct {
	maxDepth    int
	plain, html []string
	attachments []Attachment
}

// walk visits e, which sits inside depth multipart containers.
func (w *walker) walk(e *message.Entity, depth int, path string) error {
	if depth > w.maxDepth {
		return &TooDeepError{Limit: w.maxDepth}
	}
	mediaType, params, err := e.Header.ContentType()
	if err != nil || mediaType == "" {
		mediaType, params = "text/plain", map[string]string{}
	}
	where := "body"
	if path != "" {
		where = "part " + path
	}
	if mr := e.MultipartReader(); mr != nil {
		for i := 1; ; i++ {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
				return &MessageError{Part: where, Err: err}
			}
			sub := strconv.Itoa(i)
			if path != "" {
				sub = path + "." + sub
			}
			if err := w.walk(p, depth+1, sub); err != nil {
				return err
			}
		}
	}
	body, err := io.ReadAll(e.Body)
	if err != nil {
		return &MessageError{Part: where, Err: err}
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	filename := dparams["filename"]
	if filename == "" {
		filename = params["name"]
	}
	filename = decodeWords(filename)
	isText := mediaType == "text/plain" || mediaType == "text/html"
	if strings.EqualFold(disp, "attachment") || filename != "" || !isText {
		if strings.HasPrefix(mediaType, "text/") {
			body = []byte(strings.ToValidUTF8(string(body), "\uFFFD"))
		}
		w.attachments = append(w.attachments, Attachment{Filename: filename, ContentType: mediaType, Data: body})
		return nil
	}
	text := strings.ToValidUTF8(string(body), "\uFFFD")
	if mediaType == "text/html" {
		w.html = append(w.html, text)
	} else {
		w.plain = append(w.plain, text)
	}
	return nil
}

// messageID returns the Message-ID of a message without angle brackets,
// or a synthetic id derived from the raw bytes when it has none.
func messageID(h message.Header, raw []byte) string {
	mh := gomail.Header{Header: h}
	if id, err := mh.MessageID(); err == nil && id != "" {
		return id
	}
	if v := strings.TrimSpace(h.Get("Message-Id")); v != "" {
		// Unparsable but present: keep it as written, minus brackets.
		return strings.Trim(v, "<> \t")
	}
	return syntheticID(raw)
}

// syntheticID derives a stable Message-ID from a message's bytes.
func syntheticID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:16]) + "@elasund.invalid"
}

// headerOf parses only the header block of a raw message.
func headerOf(raw []byte) (message.Header, error) {
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return message.Header{}, &MessageError{Part: "header", Err: err}
	}
	return message.Header{Header: h}, nil
}

// senderAddress returns the bare, lower-case address of the From field.
func senderAddress(h message.Header) (string, error) {
	if l := addressList(h, "From"); len(l) > 0 {
		return l[0], nil
	}
	if m := addrPattern.FindString(decodeWords(h.Get("From"))); m != "" {
		return strings.ToLower(m), nil
	}
	return "", errors.New("no sender address in From")
}

// senderName returns the display name of the From field ("Bob Marley"
// of "Bob Marley <bob@example.org>"), decoded; "" when it has none or
// the field cannot be read.
func senderName(h message.Header) string {
	list, err := (&gomail.Header{Header: h}).AddressList("From")
	if err != nil || len(list) == 0 {
		return ""
	}
	return strings.TrimSpace(list[0].Name)
}

// addressList returns the bare, lower-case addresses of a header field,
// skipping what cannot be parsed.
func addressList(h message.Header, key string) []string {
	mh := gomail.Header{Header: h}
	list, err := mh.AddressList(key)
	if err != nil {
		var out []string
		for _, m := range addrPattern.FindAllString(decodeWords(h.Get(key)), -1) {
			out = append(out, strings.ToLower(m))
		}
		return out
	}
	out := make([]string, 0, len(list))
	for _, a := range list {
		out = append(out, strings.ToLower(a.Address))
	}
	return out
}

// headerText decodes an unstructured header field to valid UTF-8.
func headerText(h message.Header, key string) string {
	return strings.ToValidUTF8(decodeWords(h.Get(key)), "\uFFFD")
}

// decodeWords decodes RFC 2047 encoded words, keeping s when it cannot.
func decodeWords(s string) string {
	if !strings.Contains(s, "=?") {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	d, err := wordDecoder.DecodeHeader(s)
	if err != nil {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	return d
}

func normalizeNewlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// composeMessage renders a reply as MIME: text/plain UTF-8 in
// quoted-printable, or multipart/mixed with the attachments in base64.
// The Message-ID and the multipart boundary are derived from id, so
// composing the same reply again gives the same bytes for the same date.
func composeMessage(out Outgoing, from, id string, date time.Time) ([]byte, error) {
	if len(out.To) == 0 {
		return nil, errors.New("reply has no recipient")
	}
	var h gomail.Header
	h.SetAddressList("From", []*mail.Address{{Address: from}})
	to := make([]*mail.Address, 0, len(out.To))
	for _, a := range out.To {
		addr, err := mail.ParseAddress(a)
		if err != nil {
			return nil, fmt.Errorf("reply recipient %q: %w", a, err)
		}
		to = append(to, addr)
	}
	h.SetAddressList("To", to)
	h.SetSubject(out.Subject)
	h.SetDate(date)
	h.SetMessageID(replyMessageID(id, from))
	if out.InReplyTo != "" {
		h.SetMsgIDList("In-Reply-To", []string{out.InReplyTo})
	}
	if len(out.References) > 0 {
		h.SetMsgIDList("References", out.References)
	}
	// RFC 3834: this message is a response generated by software, so
	// well-behaved responders do not answer it.
	h.Set("Auto-Submitted", "auto-replied")
	h.Set("X-Auto-Response-Suppress", "All")
	h.Set("MIME-Version", "1.0")

	text := strings.ReplaceAll(normalizeNewlines(out.Text), "\n", "\r\n")
	var buf bytes.Buffer
	if len(out.Attachments) == 0 {
		h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		w, err := message.CreateWriter(&buf, h.Header)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(w, text); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}

	// "=_" never occurs in quoted-printable or base64 output, so the
	// boundary cannot collide with the content.
	h.SetContentType("multipart/mixed", map[string]string{"boundary": "=_elasund_" + id})
	mw, err := message.CreateWriter(&buf, h.Header)
	if err != nil {
		return nil, err
	}
	var th message.Header
	th.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	th.Set("Content-Transfer-Encoding", "quoted-printable")
	tw, err := mw.CreatePart(th)
	if err != nil {
		return nil, err
	}
	if _, err := io.WriteString(tw, text); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	for _, a := range out.Attachments {
		var ah message.Header
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		ctParams := map[string]string{}
		if strings.HasPrefix(ct, "text/") {
			ctParams["charset"] = "utf-8"
		}
		if a.Filename != "" {
			ctParams["name"] = a.Filename
		}
		ah.SetContentType(ct, ctParams)
		dParams := map[string]string{}
		if a.Filename != "" {
			dParams["filename"] = a.Filename
		}
		ah.SetContentDisposition("attachment", dParams)
		ah.Set("Content-Transfer-Encoding", "base64")
		aw, err := mw.CreatePart(ah)
		if err != nil {
			return nil, err
		}
		if _, err := aw.Write(a.Data); err != nil {
			return nil, err
		}
		if err := aw.Close(); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ReplyMessageID is the Message-ID, without angle brackets, that the
// daemon whose address is from gives reply number i (counting from 0, in
// the order of Decision.Replies) to the message whose Message-ID is
// msgID. It depends only on the three, which is what makes a reply sent
// again after a crash recognisable as the same reply. Post numbers its
// messages the same way under its key.
func ReplyMessageID(msgID string, i int, from string) string {
	return replyMessageID(replyID(msgID, i), from)
}

// replyMessageID is the Message-ID (without brackets) of the reply with
// outbox id, in the domain of the daemon's own address.
func replyMessageID(id, from string) string {
	domain := "elasund.invalid"
	if i := strings.LastIndexByte(from, '@'); i >= 0 && i+1 < len(from) {
		domain = from[i+1:]
	}
	return "elasund." + id + "@" + domain
}
